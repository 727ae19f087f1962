package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The class-loading policy of a job loader, as data: which packages a plugin must share
 * with the host, which belong to the JDK, and so which ones come from the plugin alone.
 * Every prefix ends in a dot. Immutable.
 */
public final class HostSharedPackages {

    /** The packages every plugin shares with the host: the plugin API, PF4J, and the logging APIs. */
    public static final List<String> DEFAULT_PREFIXES = List.of(
            "dev.starfish.api.",
            "org.pf4j.",
            "org.slf4j.",
            "org.apache.logging.log4j.");

    /** Parts of the shared prefixes that are implementation, not API, and so never shared. */
    public static final List<String> DEFAULT_EXCLUSIONS = List.of(
            "org.apache.logging.log4j.core.");

    private final List<String> prefixes;
    private final List<String> exclusions;
    private final Set<String> jdkPackages;

    public HostSharedPackages(List<String> prefixes, List<String> exclusions, Set<String> jdkPackages) {
        this.prefixes = List.copyOf(requireNonNull(prefixes, "prefixes is null"));
        this.exclusions = List.copyOf(requireNonNull(exclusions, "exclusions is null"));
        this.jdkPackages = Set.copyOf(requireNonNull(jdkPackages, "jdkPackages is null"));
        for (String prefix : this.prefixes) {
            if (!prefix.endsWith(".")) {
                throw new IllegalArgumentException("a shared package prefix must end with a dot, found '" + prefix + "'");
            }
        }
    }

    /** The default policy: the default prefixes, and the packages of the JDK's boot-layer modules. */
    public static HostSharedPackages defaults() {
        Set<String> jdk = ModuleLayer.boot().modules().stream()
                .flatMap(module -> module.getPackages().stream())
                .collect(Collectors.toUnmodifiableSet());
        return new HostSharedPackages(DEFAULT_PREFIXES, DEFAULT_EXCLUSIONS, jdk);
    }

    /** Whether a class of this binary name belongs to the JDK (then it comes from the platform loader). */
    public boolean isJdkClass(String className) {
        return className.startsWith("java.") || jdkPackages.contains(packageOf(className));
    }

    /** Whether a class of this binary name must come from the host. */
    public boolean isHostShared(String className) {
        return prefixes.stream().anyMatch(className::startsWith)
                && exclusions.stream().noneMatch(className::startsWith);
    }

    /** Whether a resource path (e.g. {@code dev/starfish/api/Job.class}) lies in a host-shared package. */
    public boolean isHostSharedResource(String resourceName) {
        return isHostShared(resourceName.replace('/', '.'));
    }

    /** Whether a resource path lies in a JDK package. */
    public boolean isJdkResource(String resourceName) {
        int slash = resourceName.lastIndexOf('/');
        return slash > 0 && jdkPackages.contains(resourceName.substring(0, slash).replace('/', '.'));
    }

    /** The shared prefixes, for messages. */
    public List<String> prefixes() {
        return prefixes;
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }
}
