package dev.starfish.runtime.plugin;

import dev.starfish.api.PluginApi;
import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.nativelib.PluginNatives;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads what the registry needs from a plugin jar without loading any of its classes: the
 * descriptor ({@code Plugin-Id}, {@code Plugin-Version} of the manifest, and {@code Plugin-Requires},
 * which refuses a jar for another plugin API: {@link ApiRequirement}), the extension index
 * written by PF4J's annotation processor, each listed job class's declaration (from the build's
 * job index when the jar has one, {@link IndexedDeclarations}, else from the class file with ASM),
 * whether the jar bundles its own copy of the plugin API and whether it bundles tools.
 */
public final class PluginJarReader {

    public static final String EXTENSION_INDEX = "META-INF/extensions.idx";
    private static final String API_PREFIX = "dev/starfish/api/";

    /** The jar's contents as a {@link PluginJar}; a jar that is no plugin raises {@link PluginImportException}. */
    public PluginJar read(Path jar) throws PluginImportException {
        String stem = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        try (PluginJarFile file = PluginJarFile.open(jar)) {
            PluginInfo info = descriptor(file, jar, stem);
            List<String> classes = file.lines(EXTENSION_INDEX).orElseThrow(() -> new PluginImportException(info.id(),
                    "no job extension index " + EXTENSION_INDEX + " in " + jar.getFileName()
                            + " (was it compiled with PF4J's annotation processor?)", null));
            List<String> names = file.entryNames();
            boolean bundlesApi = names.stream().anyMatch(n -> n.startsWith(API_PREFIX));
            boolean bundlesTools = names.stream().anyMatch(n -> n.startsWith(PluginNatives.TOOLS_DIR)
                    && n.indexOf('/', PluginNatives.TOOLS_DIR.length()) < 0);
            Optional<byte[]> index = file.read(PluginApi.JOB_INDEX, IndexedDeclarations.MAX_INDEX_BYTES);
            if (index.isEmpty()) {
                return new PluginJar(info, classes, bundlesApi, bundlesTools, declarations(file, info, classes));
            }
            IndexedDeclarations.Read indexed = IndexedDeclarations.read(file, info, classes, index.get());
            return new PluginJar(info, indexed.classNames(), bundlesApi, bundlesTools, indexed.entries());
        } catch (IOException e) {
            throw new PluginImportException(stem, "not a readable jar: " + jar.getFileName() + ": " + e.getMessage(), e);
        }
    }

    /** A plugin jar of {@code info} holding just {@code classNames}, their declarations read from its jar. */
    public static PluginJar ofClasses(PluginInfo info, List<String> classNames) throws PluginImportException {
        try (PluginJarFile file = PluginJarFile.open(info.jar())) {
            return new PluginJar(info, classNames, false, true, declarations(file, info, classNames));
        } catch (IOException e) {
            throw new PluginImportException(info.id(), "cannot read " + info.jarName() + ": " + e.getMessage(), e);
        }
    }

    private static PluginInfo descriptor(PluginJarFile file, Path jar, String stem)
            throws IOException, PluginImportException {
        Optional<String> id = file.mainAttribute("Plugin-Id");
        Optional<String> version = file.mainAttribute("Plugin-Version");
        if (id.isEmpty() || version.isEmpty()) {
            throw new PluginImportException(stem, "no plugin descriptor in " + jar.getFileName()
                    + ": expected Plugin-Id and Plugin-Version in META-INF/MANIFEST.MF, found Plugin-Id="
                    + id.orElse(null) + ", Plugin-Version=" + version.orElse(null), null);
        }
        Optional<String> refused = ApiRequirement.problem(file.mainAttribute(PluginApi.REQUIRES));
        if (refused.isPresent()) {
            throw new PluginImportException(id.get(), refused.get(), null);
        }
        return new PluginInfo(id.get(), version.get(), jar.toAbsolutePath().normalize());
    }

    /** The entries of {@code classNames}, each declaration read from its class file. */
    static List<JobClassEntry> declarations(PluginJarFile file, PluginInfo info, List<String> classNames)
            throws IOException {
        List<JobClassEntry> entries = new ArrayList<>();
        for (String className : classNames) {
            Optional<byte[]> bytes = file.read(className.replace('.', '/') + ".class");
            if (bytes.isEmpty()) {
                entries.add(JobClassEntry.failed(className, Optional.empty(), "class " + className + " listed in "
                        + EXTENSION_INDEX + " is missing from " + info.jarName()));
                continue;
            }
            try {
                entries.add(JobClassEntry.declared(className, JobDeclarationReader.read(className, bytes.get())));
            } catch (IllegalArgumentException e) {
                entries.add(JobClassEntry.failed(className, Optional.empty(), "invalid declaration of job class "
                        + className + " in " + info.jarName() + ": " + e.getMessage()));
            } catch (RuntimeException e) {
                entries.add(JobClassEntry.failed(className, Optional.empty(), "the class file of " + className + " in "
                        + info.jarName() + " is not a valid class file: " + e));
            }
        }
        return entries;
    }

    /**
     * A plugin jar as the registry sees it before loading anything.
     *
     * @param info its descriptor
     * @param extensionClasses the job classes its extension index lists, in order
     * @param bundlesPluginApi whether it carries classes of {@code dev.starfish.api}
     * @param bundlesTools whether it carries tools under {@link PluginNatives#TOOLS_DIR}
     * @param jobClasses what is known of each listed class, in the same order
     */
    public record PluginJar(PluginInfo info, List<String> extensionClasses, boolean bundlesPluginApi, boolean bundlesTools,
            List<JobClassEntry> jobClasses) {
        public PluginJar {
            extensionClasses = List.copyOf(extensionClasses);
            jobClasses = List.copyOf(jobClasses);
        }

        /**
         * The names of the jobs the jar declares, in index order. (Loops, not streams, here and in
         * the registry's other per-plugin steps: cold stream pipelines were a measurable part of
         * what 1 000 unused plugins cost a start-up.)
         */
        public List<String> jobNames() {
            List<String> names = new ArrayList<>(extensionClasses.size());
            for (String className : extensionClasses) {
                names.add(JobClassEntry.jobNameOf(className));
            }
            return List.copyOf(names);
        }

        /** This jar with one class's entry replaced. */
        public PluginJar with(JobClassEntry changed) {
            List<JobClassEntry> entries = jobClasses.stream()
                    .map(e -> e.className().equals(changed.className()) ? changed : e).toList();
            return new PluginJar(info, extensionClasses, bundlesPluginApi, bundlesTools, entries);
        }
    }
}
