package dev.starfish.runtime.lint;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.nativelib.PluginNatives;
import dev.starfish.runtime.plugin.ApiRequirement;
import dev.starfish.runtime.plugin.JobClassEntry;
import dev.starfish.runtime.plugin.PluginDirectoryScanner;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginTrust;
import dev.starfish.runtime.registry.HostSharedPackages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * {@code starfish plugins lint}: checks a plugin jar before an operator drops it into
 * {@code plugins/} (Kafka Connect's {@code connect-plugin-path lint}), and reports every
 * problem it finds rather than the first:
 * <ol>
 *   <li>the file: the registry's {@link PluginTrust} rules (symbolic link, world-writable, owner);</li>
 *   <li>the PF4J descriptor ({@code Plugin-Id}, {@code Plugin-Version}) and a valid {@code Plugin-Id};</li>
 *   <li>the extension index, naming at least one job, no job name twice;</li>
 *   <li>no bundled copy of a package the host shares (the plugin API, PF4J, the logging APIs);</li>
 *   <li>no job name, and no {@code Plugin-Id}, of an installed plugin;</li>
 *   <li>each job class imported and created as the host does it ({@link JobCreationLint}) —
 *       this runs the plugin's code, in a throw-away loader;</li>
 *   <li>the artifacts it declares and names, against the installed plugins ({@link ArtifactLint});</li>
 *   <li>read from the class files, never run: every class a job reaches resolves in the jar, the host or
 *       the JDK ({@link UnresolvedClasses}), and makes none of the calls a job must leave to the host
 *       ({@link ForbiddenCalls}); the bundled libraries mix no versions of one family ({@link BundledVersions});</li>
 *   <li>bundled tools and JNI libraries ({@link NativeLint}).</li>
 * </ol>
 */
public final class PluginLinter {

    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final PluginTrust trust;
    private final List<Path> installedJars;
    private final List<Path> toolDirs;
    private final PluginJarReader reader = new PluginJarReader();

    /**
     * @param installedJars the jars of the plugins directory, to compare job names and ids with
     * @param toolDirs the installation's tool directories ({@code starfish/bin/private}, {@code starfish/bin})
     */
    public PluginLinter(ClassLoader hostLoader, HostSharedPackages policy, PluginTrust trust, List<Path> installedJars,
            List<Path> toolDirs) {
        this.hostLoader = requireNonNull(hostLoader, "hostLoader is null");
        this.policy = requireNonNull(policy, "policy is null");
        this.trust = requireNonNull(trust, "trust is null");
        this.installedJars = List.copyOf(requireNonNull(installedJars, "installedJars is null"));
        this.toolDirs = List.copyOf(requireNonNull(toolDirs, "toolDirs is null"));
    }

    /** A linter for the current user that compares jars with those of {@code pluginDirs} and tools with {@code toolDirs}. */
    public static PluginLinter against(List<Path> pluginDirs, List<Path> toolDirs) {
        List<Path> installed = new ArrayList<>();
        pluginDirs.forEach(dir -> installed.addAll(new PluginDirectoryScanner(dir).scan()));
        return new PluginLinter(PluginLinter.class.getClassLoader(), HostSharedPackages.defaults(),
                PluginTrust.forCurrentUser(), installed, toolDirs);
    }

    /** Every finding for {@code jar}, named {@code shownAs} in each line; empty when it is clean. */
    public List<LintFinding> lint(Path jar, String shownAs) {
        List<LintFinding> findings = new ArrayList<>();
        try {
            trust.jarProblem(jar).ifPresent(p -> findings.add(LintFinding.error(shownAs, p
                    + " (the registry refuses such a jar, so lint runs none of its code: fix this and lint again)")));
        } catch (UncheckedIOException e) {
            findings.add(LintFinding.error(shownAs, "cannot be checked: " + e.getMessage() + " (so lint runs none of "
                    + "its code)"));
        }
        boolean mayRunCode = findings.isEmpty();
        try (PluginJarFile file = PluginJarFile.open(jar)) {
            findings.addAll(lintContents(jar, shownAs, file, mayRunCode));
        } catch (IOException e) {
            findings.add(LintFinding.error(shownAs, "not a readable jar (" + e.getMessage() + "): expected a plugin "
                    + "jar built by mvn package"));
        }
        return List.copyOf(findings);
    }

    /** The checks of the jar's contents; those that load and run its classes only when {@code mayRunCode}. */
    private List<LintFinding> lintContents(Path jar, String shownAs, PluginJarFile file, boolean mayRunCode)
            throws IOException {
        List<LintFinding> findings = new ArrayList<>();
        Optional<PluginInfo> info = descriptor(jar, shownAs, file, findings);
        Optional<List<String>> classes = extensionIndex(shownAs, file, findings);
        bundledHostPackages(shownAs, file, findings);
        classes.ifPresent(c -> clashesWithInstalled(jar, shownAs, info, c, findings));
        if (info.isPresent() && classes.isPresent()) {
            findings.addAll(JobIndexLint.check(shownAs, file, info.get(), classes.get()));
            findings.addAll(artifacts(jar, shownAs));
        }
        if (info.isPresent() && classes.isPresent() && mayRunCode) {
            List<String> present = presentClasses(shownAs, file, classes.get(), findings);
            JobCreationLint.Result created = JobCreationLint.check(shownAs, info.get(), present, hostLoader, policy);
            findings.addAll(created.findings());
            created.imported().forEach(job -> unresolvableTool(shownAs, file, job).ifPresent(findings::add));
        }
        if (classes.isPresent()) {
            ReachableClasses reachable = ReachableClasses.of(file, classes.get(), policy);
            findings.addAll(new UnresolvedClasses(hostLoader, policy).check(shownAs, reachable));
            findings.addAll(ForbiddenCalls.check(shownAs, reachable));
        }
        findings.addAll(BundledVersions.check(shownAs, file));
        findings.addAll(NativeLint.check(shownAs, file));
        return findings;
    }

    private static Optional<PluginInfo> descriptor(Path jar, String shownAs, PluginJarFile file, List<LintFinding> findings)
            throws IOException {
        Manifest manifest = file.manifest().orElse(null);
        String id = manifest == null ? null : manifest.getMainAttributes().getValue("Plugin-Id");
        String version = manifest == null ? null : manifest.getMainAttributes().getValue("Plugin-Version");
        if (id == null || id.isBlank() || version == null || version.isBlank()) {
            findings.add(LintFinding.error(shownAs, "no plugin descriptor: expected Plugin-Id and Plugin-Version in "
                    + "META-INF/MANIFEST.MF, found " + (manifest == null ? "no manifest" : "Plugin-Id=" + id
                    + ", Plugin-Version=" + version) + "; set them in maven-jar-plugin's <manifestEntries> "
                    + "(see sdk/job-template/pom.xml)"));
            return Optional.empty();
        }
        PluginInfo info = new PluginInfo(id.strip(), version.strip(), jar.toAbsolutePath().normalize());
        if (!info.hasValidId()) {
            findings.add(LintFinding.error(shownAs, "Plugin-Id '" + info.id() + "' is not a plain name: expected "
                    + PluginInfo.ID_PATTERN.pattern() + " (it names the plugin's native cache directory), so the "
                    + "registry refuses the jar; fix Plugin-Id in META-INF/MANIFEST.MF"));
            return Optional.empty();
        }
        Optional<String> api = ApiRequirement.problem(
                Optional.ofNullable(manifest.getMainAttributes().getValue(PluginApi.REQUIRES)));
        if (api.isPresent()) {
            findings.add(LintFinding.error(shownAs, "the registry refuses the jar before loading it: " + api.get()));
            return Optional.empty();
        }
        return Optional.of(info);
    }

    private static Optional<List<String>> extensionIndex(String shownAs, PluginJarFile file, List<LintFinding> findings)
            throws IOException {
        Optional<List<String>> listed = file.lines(PluginJarReader.EXTENSION_INDEX);
        if (listed.isEmpty()) {
            findings.add(LintFinding.error(shownAs, "no job extension index " + PluginJarReader.EXTENSION_INDEX
                    + ": annotate each job class with @org.pf4j.Extension and compile with pf4j on the class path "
                    + "(its annotation processor writes the index)"));
            return Optional.empty();
        }
        List<String> classes = listed.get();
        if (classes.isEmpty()) {
            findings.add(LintFinding.error(shownAs, PluginJarReader.EXTENSION_INDEX + " lists no job class, so the "
                    + "jar adds no job: annotate each job class with @org.pf4j.Extension"));
            return Optional.empty();
        }
        Map<String, List<String>> byName = new LinkedHashMap<>();
        classes.forEach(c -> byName.computeIfAbsent(JobClassEntry.jobNameOf(c), k -> new ArrayList<>()).add(c));
        byName.forEach((job, declaring) -> {
            if (declaring.size() > 1) {
                findings.add(LintFinding.error(shownAs, "job '" + job + "' is declared " + declaring.size() + " times ("
                        + String.join(", ", declaring) + "); a job's name is its class's simple name: rename all but one"));
            }
        });
        return Optional.of(classes);
    }

    private static List<String> presentClasses(String shownAs, PluginJarFile file, List<String> classes,
            List<LintFinding> findings) {
        List<String> present = new ArrayList<>();
        for (String className : classes) {
            if (!file.contains(className.replace('.', '/') + ".class")) {
                findings.add(LintFinding.error(shownAs, "class " + className + " listed in "
                        + PluginJarReader.EXTENSION_INDEX + " is missing from the jar, so job '"
                        + JobClassEntry.jobNameOf(className) + "' cannot be imported: rebuild the jar (mvn clean package) "
                        + "so the index and the classes agree"));
            } else {
                present.add(className);
            }
        }
        return present;
    }

    /** A warning when a native job's tool is neither bundled nor installed, so a compile running it cannot find it. */
    private Optional<LintFinding> unresolvableTool(String shownAs, PluginJarFile file, JobDeclaration declaration) {
        Optional<String> tool = declaration.tool();
        if (tool.isEmpty() || file.contains(PluginNatives.TOOLS_DIR + tool.get())
                || toolDirs.stream().anyMatch(dir -> Files.isExecutable(dir.resolve(tool.get())))) {
            return Optional.empty();
        }
        return Optional.of(LintFinding.warning(shownAs, "job '" + declaration.name() + "' runs the tool '" + tool.get()
                + "', which the jar does not bundle (expected " + PluginNatives.TOOLS_DIR + tool.get() + ") and "
                + (toolDirs.isEmpty() ? "no tool directory" : "neither of " + toolDirs.stream().map(Path::toString)
                        .collect(Collectors.joining(", "))) + " holds, so a compile running it stops"
                + " with Could not find " + tool.get() + ": bundle the tool, or install it into starfish/bin/private"));
    }

    private void bundledHostPackages(String shownAs, PluginJarFile file, List<LintFinding> findings) {
        Map<String, Integer> countByPrefix = new LinkedHashMap<>();
        for (String name : file.entryNames()) {
            if (name.endsWith(".class") && !name.startsWith("META-INF/")) {
                String className = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                if (policy.isHostShared(className)) {
                    policy.prefixes().stream().filter(className::startsWith).findFirst()
                            .ifPresent(prefix -> countByPrefix.merge(prefix, 1, Integer::sum));
                }
            }
        }
        countByPrefix.forEach((prefix, count) -> findings.add(LintFinding.warning(shownAs, "bundles " + count
                + " class(es) of " + prefix.replace('.', '/') + ", a package the host shares with every plugin, so "
                + "the host's copy is used instead" + (prefix.equals("dev.starfish.api.") ? " (the plugin API)" : "")
                + ": give that dependency <scope>provided</scope>")));
    }

    private void clashesWithInstalled(Path jar, String shownAs, Optional<PluginInfo> info, List<String> classes,
            List<LintFinding> findings) {
        for (Path installed : installedJars) {
            if (isSameFile(jar, installed)) {
                continue;
            }
            PluginJarReader.PluginJar other;
            try {
                other = reader.read(installed);
            } catch (PluginImportException | RuntimeException e) {
                continue;
            }
            for (String className : classes) {
                String job = JobClassEntry.jobNameOf(className);
                if (other.jobNames().contains(job)) {
                    findings.add(LintFinding.error(shownAs, "job '" + job + "' is also declared by the installed "
                            + "plugin " + installed + "; the registry refuses every jar declaring a job another jar "
                            + "declares: rename the job class (its simple name is the job's name)"));
                }
            }
            if (info.isPresent() && info.get().id().equals(other.info().id())) {
                findings.add(LintFinding.error(shownAs, "Plugin-Id '" + info.get().id() + "' is also the id of the "
                        + "installed plugin " + installed + "; the registry loads only the first of two jars with one id "
                        + "in file-name order (they would share one native cache directory): choose another Plugin-Id"));
            }
        }
    }

    /** {@link ArtifactLint} on the jar's declarations, against those of every readable installed jar. */
    private List<LintFinding> artifacts(Path jar, String shownAs) {
        PluginJarReader.PluginJar linted;
        try {
            linted = reader.read(jar);
        } catch (PluginImportException | RuntimeException e) {
            return List.of(); // the checks above name why the jar cannot be read
        }
        List<PluginJarReader.PluginJar> installed = new ArrayList<>();
        for (Path other : installedJars) {
            if (!isSameFile(jar, other)) {
                try {
                    installed.add(reader.read(other));
                } catch (PluginImportException | RuntimeException e) {
                    // an installed jar that cannot be read declares nothing the registry would load
                }
            }
        }
        return ArtifactLint.check(shownAs, linted, installed);
    }

    private static boolean isSameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
