package dev.starfish.runtime.classify;

import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Rebuilds the seed's §1 table from a plugin's bytecode: a job is native <b>iff</b> its
 * code calls the tool resolver; referencing a process class, or even the spawn, does not
 * make it native. The job's code is every class of its own package in its plugin jar
 * (bundled libraries live in other packages and are not counted).
 */
public final class JobClassifier {

    private JobClassifier() {
    }

    public static JobClassification classify(RegisteredJob job, String declaredKind) {
        String className = job.type().getName();
        String packagePrefix = className.substring(0, className.lastIndexOf('.') + 1).replace('.', '/');
        BytecodeReferences total = new BytecodeReferences(0, 0, 0);
        try (JarFile jar = new JarFile(job.info().jar().toFile())) {
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                boolean inPackage = name.startsWith(packagePrefix) && name.indexOf('/', packagePrefix.length()) < 0;
                if (inPackage && name.endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        total = total.plus(BytecodeReferences.of(in.readAllBytes()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + job.info().jar(), e);
        }
        String kind = total.resolverCalls() > 0 ? "native" : "in-process";
        return new JobClassification(job.name(), total.resolverCalls(), total.spawnCalls(), total.processClassRefs(),
                kind, declaredKind);
    }
}
