package dev.starfish.runtime.cache;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The jars on the driver's own class path ({@code lib/*.jar} of an installation): a job's loader
 * takes the host-shared packages (the plugin API, PF4J, the logging APIs) from the host's loader,
 * which finds them in any of these jars, and the driver's own code plans and runs the jobs. So a
 * rebuilt jar of the same version is another cache key. Directories on the class path (a driver
 * run from its build's classes) are not files and are left out.
 */
final class HostJars {

    private HostJars() {
    }

    /** The jars of {@code classPath} (a {@code java.class.path} value), sorted by file name then path. */
    static List<Path> of(String classPath) {
        if (classPath == null || classPath.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(classPath.split(File.pathSeparator)).filter(entry -> !entry.isEmpty())
                .map(entry -> Path.of(entry).toAbsolutePath().normalize())
                .filter(path -> path.getFileName() != null && path.getFileName().toString().endsWith(".jar"))
                .filter(Files::isRegularFile)
                .distinct()
                .sorted(Comparator.comparing((Path path) -> path.getFileName().toString()).thenComparing(Path::toString))
                .toList();
    }

    /** The jars of this JVM's class path. */
    static List<Path> current() {
        return of(System.getProperty("java.class.path"));
    }
}
