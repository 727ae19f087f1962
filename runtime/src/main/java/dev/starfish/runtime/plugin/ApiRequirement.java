package dev.starfish.runtime.plugin;

import com.github.zafarkhaja.semver.ParseException;
import com.github.zafarkhaja.semver.Version;
import dev.starfish.api.PluginApi;
import java.util.List;
import java.util.Optional;

/**
 * A plugin's {@value PluginApi#REQUIRES} against the plugin API this host provides, read from the
 * manifest before any class of the jar loads: a range that leaves out {@link PluginApi#VERSION},
 * or that is no range, refuses the jar in one line naming both versions. A jar without one (or
 * with {@code *}) is taken as working with any version, as PF4J takes it.
 */
public final class ApiRequirement {

    private ApiRequirement() {
    }

    /** Why a jar whose manifest says {@code requires} (may be empty) cannot run on this host's plugin API. */
    public static Optional<String> problem(Optional<String> requires) {
        return problem(requires, PluginApi.providedVersions());
    }

    /**
     * Why a jar whose manifest says {@code requires} cannot run on a plugin API that provides
     * {@code versions} (oldest first, the API's own version last).
     */
    public static Optional<String> problem(Optional<String> requires, List<String> versions) {
        String range = requires.map(String::trim).orElse("");
        if (range.isEmpty() || range.equals("*")) {
            return Optional.empty();
        }
        String provided = versions.get(versions.size() - 1);
        boolean satisfied;
        try {
            satisfied = versions.stream().anyMatch(v -> Version.parse(v).satisfies(range));
        } catch (ParseException e) {
            return Optional.of("its " + PluginApi.REQUIRES + " '" + range + "' is not a version range (expected e.g. ^"
                    + provided + " or >=" + provided + " & <" + nextBreaking(provided) + "); fix it in the jar's "
                    + "META-INF/MANIFEST.MF");
        }
        if (satisfied) {
            return Optional.empty();
        }
        String older = versions.size() == 1 ? "" : " (and " + String.join(", ", versions.subList(0, versions.size() - 1))
                + ", which it only adds to)";
        return Optional.of("it needs plugin API " + range + " (its " + PluginApi.REQUIRES + "); this Starfish provides"
                + " plugin API " + provided + older + ": use a Starfish whose plugin API is in that range, or rebuild the plugin"
                + " against plugin API " + provided);
    }

    /** The first version that may break a plugin built against {@code version}: the next major, or minor below 1.0. */
    private static String nextBreaking(String version) {
        Version v = Version.parse(version);
        return v.majorVersion() == 0 ? "0." + (v.minorVersion() + 1) + ".0" : (v.majorVersion() + 1) + ".0.0";
    }
}
