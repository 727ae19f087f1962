package dev.starfish.runtime.lint;

import dev.starfish.runtime.jar.PluginJarFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code plugins lint}'s check that the libraries a jar bundles ({@link BundledLibraries}) do not
 * mix versions of one library family, which links and then fails in the middle of a job with
 * {@code NoSuchMethodError} (jackson-databind 2.17 calling a method jackson-core 2.12 lacks).
 * <ul>
 *   <li>Jackson (every groupId under {@code com.fasterxml.jackson}) is released in lockstep and
 *       supported only at one {@code major.minor}: two of them is an error. The patch may differ
 *       (jackson-annotations is versioned {@code 2.23} beside jackson-core {@code 2.23.0}).</li>
 *   <li>Any other groupId: a warning when most of its artifacts share one version and another
 *       has a different one (such a group is released together). A group whose artifacts all
 *       have versions of their own (Guava and failureaccess, commons-lang3 and commons-text)
 *       is not reported: one groupId alone does not mean one release.</li>
 * </ul>
 */
final class BundledVersions {

    private static final String JACKSON = "com.fasterxml.jackson";

    private BundledVersions() {
    }

    static List<LintFinding> check(String jarName, PluginJarFile jar) throws IOException {
        List<BundledLibraries.Artifact> artifacts = BundledLibraries.in(jar).stream()
                .filter(a -> a.groupId() != null && a.artifactId() != null && a.version() != null).toList();
        List<LintFinding> findings = new ArrayList<>();
        List<BundledLibraries.Artifact> jackson = artifacts.stream().filter(BundledVersions::isJackson).toList();
        if (byVersion(jackson, BundledVersions::majorMinor).size() > 1) {
            findings.add(LintFinding.error(jarName, "bundles Jackson in more than one version (" + list(jackson)
                    + "): Jackson's modules work together only at one major.minor version, and mixed ones fail at run "
                    + "time with NoSuchMethodError or NoClassDefFoundError: give every Jackson artifact one version "
                    + "(import com.fasterxml.jackson:jackson-bom in <dependencyManagement>) and rebuild"));
        }
        Map<String, List<BundledLibraries.Artifact>> byGroup = artifacts.stream().filter(a -> !isJackson(a))
                .collect(Collectors.groupingBy(BundledLibraries.Artifact::groupId, LinkedHashMap::new,
                        Collectors.toList()));
        byGroup.forEach((group, members) -> {
            Map<String, List<BundledLibraries.Artifact>> versions = byVersion(members, Function.identity());
            int largest = versions.values().stream().mapToInt(List::size).max().orElse(0);
            if (versions.size() > 1 && largest >= 2) {
                findings.add(LintFinding.warning(jarName, "bundles artifacts of " + group + " in more than one "
                        + "version (" + list(members) + "): most of the group has one version, so it is probably "
                        + "released together, and one built against another version can fail at run time with "
                        + "NoSuchMethodError: give them one version (the group's BOM, if it has one) and rebuild"));
            }
        });
        return findings;
    }

    private static boolean isJackson(BundledLibraries.Artifact artifact) {
        return artifact.groupId().equals(JACKSON) || artifact.groupId().startsWith(JACKSON + ".");
    }

    private static Map<String, List<BundledLibraries.Artifact>> byVersion(List<BundledLibraries.Artifact> artifacts,
            Function<String, String> key) {
        return artifacts.stream().collect(Collectors.groupingBy(a -> key.apply(a.version()), LinkedHashMap::new,
                Collectors.toList()));
    }

    /** {@code 2.17} of {@code 2.17.2}, {@code 2.17.2-rc1} or {@code 2.17}. */
    private static String majorMinor(String version) {
        String[] parts = version.split("[.-]", 3);
        return parts.length < 2 ? version : parts[0] + "." + parts[1];
    }

    private static String list(List<BundledLibraries.Artifact> artifacts) {
        List<String> named = new ArrayList<>(artifacts.stream()
                .map(a -> a.groupId() + ":" + a.artifactId() + " " + a.version()).toList());
        Collections.sort(named);
        return String.join(", ", named);
    }
}
