package dev.starfish.runtime.plugin;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.jar.PluginJarFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A jar's job classes from its build-time index ({@value PluginApi#JOB_INDEX}) rather than from
 * their class files. PF4J's {@code META-INF/extensions.idx} still says which classes are jobs; the
 * two must agree: a listed class the index leaves out is read from its class file and, when it does
 * declare a job, fails as an incomplete index; an indexed class PF4J does not list fails as a job
 * without {@code @Extension} (which the host would otherwise never see).
 */
public final class IndexedDeclarations {

    /** Far more than a thousand jobs' declarations; a larger entry is refused before it is parsed. */
    public static final int MAX_INDEX_BYTES = 4 << 20;

    private IndexedDeclarations() {
    }

    /**
     * The classes and their entries.
     *
     * @param classNames the extension index's classes, in order, then any class only the build index lists
     * @param entries one per class, in the same order
     * @param disagreements where the build index and PF4J's list disagree (each also an entry's problem)
     */
    public record Read(List<String> classNames, List<JobClassEntry> entries, List<String> disagreements) {
    }

    public static Read read(PluginJarFile file, PluginInfo info, List<String> extensionClasses, byte[] index)
            throws PluginImportException, IOException {
        Map<String, JobDeclaration> indexed;
        try {
            indexed = BuildJobIndex.read(index);
        } catch (IllegalArgumentException e) {
            throw new PluginImportException(info.id(), "the job index " + PluginApi.JOB_INDEX + " of " + info.jarName()
                    + " is not valid: " + e.getMessage() + "; rebuild the jar against plugin API " + PluginApi.VERSION
                    + " (mvn clean package)", e);
        }
        Set<String> classNames = new LinkedHashSet<>(extensionClasses);
        classNames.addAll(indexed.keySet());
        List<JobClassEntry> entries = new ArrayList<>();
        List<String> disagreements = new ArrayList<>();
        for (String className : classNames) {
            JobDeclaration declaration = indexed.get(className);
            JobClassEntry entry;
            if (declaration == null) {
                entry = leftOut(file, info, className);
            } else if (!extensionClasses.contains(className)) {
                entry = JobClassEntry.failed(className, Optional.of(declaration), "job class " + className + " of "
                        + info.jarName() + " has @JobSpec but is not in " + PluginJarReader.EXTENSION_INDEX
                        + ", so PF4J never sees it: annotate it with @org.pf4j.Extension");
            } else {
                entry = JobClassEntry.declared(className, declaration);
            }
            entries.add(entry);
            if (declaration == null ? entry.declaration().isPresent() : entry.problem().isPresent()) {
                disagreements.add(entry.problem().orElseThrow());
            }
        }
        return new Read(List.copyOf(classNames), entries, disagreements);
    }

    /** A class PF4J lists that the build index does not: its own reason, or an incomplete index when it is a job. */
    private static JobClassEntry leftOut(PluginJarFile file, PluginInfo info, String className) throws IOException {
        JobClassEntry fromClass = PluginJarReader.declarations(file, info, List.of(className)).get(0);
        if (fromClass.problem().isPresent()) {
            return fromClass;
        }
        return JobClassEntry.failed(className, fromClass.declaration(), "job class " + className + " of "
                + info.jarName() + " declares a job, but the jar's job index " + PluginApi.JOB_INDEX + " leaves it "
                + "out (written by a partial build?): rebuild the jar (mvn clean package)");
    }
}
