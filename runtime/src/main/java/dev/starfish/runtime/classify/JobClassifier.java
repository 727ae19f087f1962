package dev.starfish.runtime.classify;

import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Rebuilds the seed's §1 table from a plugin's bytecode: a job is native <b>iff</b> its
 * code calls the tool resolver; referencing a process class, or even the spawn, does not
 * make it native. The job's code is every class of its own package in its plugin jar
 * (bundled libraries live in other packages and are not counted), plus the plugin-API base
 * classes it inherits: a {@code NativeJob}'s resolver and spawn calls are in that template,
 * which the job runs as its own.
 */
public final class JobClassifier {

    private static final String API_PACKAGE = "dev.starfish.api";

    private JobClassifier() {
    }

    /** The references of the plugin-API classes among {@code type}'s ancestors, read from the host's class files. */
    static BytecodeReferences inheritedFromApi(Class<?> type) {
        BytecodeReferences total = new BytecodeReferences(0, 0, 0);
        for (Class<?> ancestor = type.getSuperclass(); ancestor != null; ancestor = ancestor.getSuperclass()) {
            if (!ancestor.getPackageName().equals(API_PACKAGE)) {
                continue;
            }
            String resource = "/" + ancestor.getName().replace('.', '/') + ".class";
            try (InputStream in = ancestor.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("the host has no class file " + resource + " of " + ancestor);
                }
                total = total.plus(BytecodeReferences.of(in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            }
        }
        return total;
    }

    public static JobClassification classify(RegisteredJob job, String declaredKind) {
        String className = job.type().getName();
        String packagePrefix = className.substring(0, className.lastIndexOf('.') + 1).replace('.', '/');
        BytecodeReferences total = new BytecodeReferences(0, 0, 0);
        try (PluginJarFile jar = PluginJarFile.open(job.info().jar())) {
            for (String name : jar.entryNames()) {
                boolean inPackage = name.startsWith(packagePrefix) && name.indexOf('/', packagePrefix.length()) < 0;
                if (inPackage && name.endsWith(".class")) {
                    total = total.plus(BytecodeReferences.of(jar.read(name).orElseThrow()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + job.info().jar(), e);
        }
        total = total.plus(inheritedFromApi(job.type()));
        String kind = total.resolverCalls() > 0 ? "native" : "in-process";
        return new JobClassification(job.name(), total.resolverCalls(), total.spawnCalls(), total.processClassRefs(),
                kind, declaredKind);
    }
}
