package dev.starfish.runtime.registry;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.pf4j.ManifestPluginDescriptorFinder;
import org.pf4j.PluginDescriptor;

/**
 * Reads what the registry needs from a plugin jar without loading any of its classes:
 * the PF4J descriptor, the extension index written by PF4J's annotation processor, and
 * whether the jar bundles its own copy of the plugin API.
 */
final class PluginJarReader {

    static final String EXTENSION_INDEX = "META-INF/extensions.idx";
    private static final String API_PREFIX = "dev/starfish/api/";

    private final ManifestPluginDescriptorFinder descriptorFinder = new ManifestPluginDescriptorFinder();

    /** The jar's contents as a {@link PluginJar}; a jar that is no plugin raises {@link PluginImportException}. */
    PluginJar read(Path jar) throws PluginImportException {
        String stem = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        try (JarFile file = new JarFile(jar.toFile())) {
            PluginInfo info = descriptor(jar, stem);
            ZipEntry index = file.getEntry(EXTENSION_INDEX);
            if (index == null) {
                throw new PluginImportException(info.id(), "no job extension index " + EXTENSION_INDEX
                        + " in " + jar.getFileName() + " (was it compiled with PF4J's annotation processor?)", null);
            }
            List<String> classes = extensionClasses(file, index);
            boolean bundlesApi = file.stream().anyMatch(e -> e.getName().startsWith(API_PREFIX));
            return new PluginJar(info, classes, bundlesApi);
        } catch (IOException e) {
            throw new PluginImportException(stem, "not a readable jar: " + jar.getFileName() + ": " + e.getMessage(), e);
        }
    }

    private PluginInfo descriptor(Path jar, String stem) throws PluginImportException {
        PluginDescriptor descriptor;
        try {
            descriptor = descriptorFinder.find(jar);
        } catch (RuntimeException e) {
            throw new PluginImportException(stem, "no plugin descriptor: " + e.getMessage(), e);
        }
        String id = descriptor.getPluginId();
        String version = descriptor.getVersion();
        if (id == null || id.isBlank() || version == null || version.isBlank()) {
            throw new PluginImportException(stem, "no plugin descriptor in " + jar.getFileName()
                    + ": expected Plugin-Id and Plugin-Version in META-INF/MANIFEST.MF, found Plugin-Id="
                    + id + ", Plugin-Version=" + version, null);
        }
        return new PluginInfo(id, version, jar.toAbsolutePath().normalize());
    }

    private static List<String> extensionClasses(JarFile file, ZipEntry index) throws IOException {
        List<String> classes = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(file.getInputStream(index), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                String trimmed = line.trim();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    classes.add(trimmed);
                }
            }
        }
        return classes;
    }

    /** A plugin jar's descriptor and the job classes it declares. */
    record PluginJar(PluginInfo info, List<String> extensionClasses, boolean bundlesPluginApi) {
        PluginJar {
            extensionClasses = List.copyOf(extensionClasses);
        }

        /** The names of the jobs the jar declares, in index order. */
        List<String> jobNames() {
            return extensionClasses.stream().map(PluginLoader::simpleName).toList();
        }
    }
}
