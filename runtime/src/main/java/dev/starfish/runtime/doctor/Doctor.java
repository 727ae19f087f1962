package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.host.Host;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code starfish doctor}'s checks of an installation and its environment, in the order they
 * are printed. Opens the host itself so that a broken plugins directory or settings file is a
 * finding, not an error.
 */
public final class Doctor {

    private static final List<Check> CHECKS = List.of(new JdkCheck(), new PropertiesCheck(), new ToolsCheck(),
            new NativePartsCheck(), new SandboxCheck(), new ClassDataArchiveCheck(), new CachesCheck(), new PluginsCheck(),
            new DiskSpaceCheck());

    private Doctor() {
    }

    /**
     * Every finding about {@code home}; {@code openHost} loads the plugins (it may throw);
     * {@code environment} is the command's (the caches' locations).
     */
    public static List<Finding> examine(StarfishHome home, Supplier<Host> openHost, Path workDir,
            Map<String, String> environment) {
        Optional<StarfishProperties> properties;
        try {
            properties = Optional.of(StarfishProperties.load(home.confDir().resolve("starfish.properties")));
        } catch (RuntimeException e) {
            properties = Optional.empty();
        }
        Host host = null;
        String problem = null;
        try {
            host = openHost.get();
        } catch (RuntimeException e) {
            problem = e.getMessage() == null ? e.toString() : e.getMessage();
        }
        try {
            Installation installation = new Installation(home, properties, Optional.ofNullable(host),
                    Optional.ofNullable(problem), workDir, environment);
            List<Finding> findings = new ArrayList<>();
            CHECKS.forEach(check -> findings.addAll(check.run(installation)));
            return List.copyOf(findings);
        } finally {
            if (host != null) {
                host.close();
            }
        }
    }

    /** Whether any finding failed: doctor's exit status is then 1. */
    public static boolean anyFailed(List<Finding> findings) {
        return findings.stream().anyMatch(f -> f.status() == Finding.Status.FAIL);
    }
}
