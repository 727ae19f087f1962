package dev.starfish.runtime.lint;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.plugin.JobClassEntry;
import dev.starfish.runtime.registry.HostSharedPackages;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The classes of a plugin jar that its jobs can reach, found by reading class files only:
 * from each job class the extension index lists, every class of the jar it refers to
 * ({@link ClassFacts}), and on transitively. A class of a host-shared package is never followed
 * into the jar, nor one of a JDK package: the job's loader takes those from the host or the JDK even
 * when the jar bundles a copy.
 * Reflection ({@code Class.forName}, {@code ServiceLoader}) is not followed.
 */
final class ReachableClasses {

    /**
     * A class of the jar a job reaches.
     *
     * @param job the simple name of the first job (in index order) that reaches it
     * @param facts what the class refers to and calls
     */
    record Reached(String job, ClassFacts facts) {
        Reached {
            requireNonNull(job, "job is null");
            requireNonNull(facts, "facts is null");
        }
    }

    private final PluginJarFile jar;
    private final HostSharedPackages policy;
    private final int javaFeature = Runtime.version().feature();
    private final Map<String, Reached> reached = new LinkedHashMap<>();

    private ReachableClasses(PluginJarFile jar, HostSharedPackages policy) {
        this.jar = jar;
        this.policy = policy;
    }

    /** Walks from the listed job classes of {@code jar}. */
    static ReachableClasses of(PluginJarFile jar, List<String> jobClasses, HostSharedPackages policy)
            throws IOException {
        ReachableClasses walk = new ReachableClasses(jar, policy);
        for (String jobClass : jobClasses) {
            walk.from(jobClass, JobClassEntry.jobNameOf(jobClass));
        }
        return walk;
    }

    /** Every class of the jar the jobs reach, each once, in the order it was first reached. */
    List<Reached> reached() {
        return List.copyOf(reached.values());
    }

    /**
     * Whether the job's loader would define {@code className} from the jar (a multi-release version counts):
     * never a class of a JDK or host-shared package, which it takes from the platform loader or the host.
     */
    boolean inJar(String className) {
        return !policy.isJdkClass(className) && !policy.isHostShared(className) && entry(className).isPresent();
    }

    private void from(String jobClass, String job) throws IOException {
        Deque<String> pending = new ArrayDeque<>(List.of(jobClass));
        while (!pending.isEmpty()) {
            String className = pending.removeFirst();
            if (reached.containsKey(className) || !inJar(className)) {
                continue;
            }
            Optional<ClassFacts> facts = read(className);
            if (facts.isEmpty()) {
                continue;
            }
            reached.put(className, new Reached(job, facts.get()));
            List<String> next = new ArrayList<>(facts.get().references());
            next.removeIf(reached::containsKey);
            pending.addAll(next);
        }
    }

    private Optional<ClassFacts> read(String className) throws IOException {
        Optional<String> entry = entry(className);
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ClassFacts.read(jar.read(entry.get()).orElseThrow()));
        } catch (RuntimeException e) {
            // a class file ASM cannot read fails when it loads; that is not what this walk reports
            return Optional.empty();
        }
    }

    /** The jar entry the loader reads the class from: the plain one, else the newest multi-release version. */
    private Optional<String> entry(String className) {
        String path = className.replace('.', '/') + ".class";
        if (jar.contains(path)) {
            return Optional.of(path);
        }
        for (int version = javaFeature; version >= 9; version--) {
            String versioned = "META-INF/versions/" + version + "/" + path;
            if (jar.contains(versioned)) {
                return Optional.of(versioned);
            }
        }
        return Optional.empty();
    }
}
