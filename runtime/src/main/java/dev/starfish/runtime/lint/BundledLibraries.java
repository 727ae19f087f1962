package dev.starfish.runtime.lint;

import dev.starfish.runtime.jar.PluginJarFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;

/** Reads which Maven artifacts a plugin jar bundles, from the {@code META-INF/maven/.../pom.properties} they carry. */
public final class BundledLibraries {

    /** One bundled artifact, as its {@code pom.properties} names it (a missing key reads {@code null}). */
    record Artifact(String groupId, String artifactId, String version) {

        /** {@code groupId:artifactId:version}. */
        String coordinates() {
            return groupId + ":" + artifactId + ":" + version;
        }
    }

    private BundledLibraries() {
    }

    /** {@code groupId:artifactId:version} of every bundled artifact, sorted. */
    public static List<String> of(Path jar) {
        try (PluginJarFile file = PluginJarFile.open(jar)) {
            return in(file).stream().map(Artifact::coordinates).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    /** Every bundled artifact of an open jar, sorted by coordinates. */
    static List<Artifact> in(PluginJarFile file) throws IOException {
        List<Artifact> found = new ArrayList<>();
        for (String name : file.entryNames()) {
            if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                Properties properties = new Properties();
                properties.load(new ByteArrayInputStream(file.read(name).orElseThrow()));
                found.add(new Artifact(properties.getProperty("groupId"), properties.getProperty("artifactId"),
                        properties.getProperty("version")));
            }
        }
        found.sort(Comparator.comparing(Artifact::coordinates));
        return found;
    }
}
