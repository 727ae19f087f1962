package dev.starfish.runtime.registry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** Reads which Maven artifacts a plugin jar bundles, from the {@code META-INF/maven/.../pom.properties} they carry. */
public final class BundledLibraries {

    private BundledLibraries() {
    }

    /** {@code groupId:artifactId:version} of every bundled artifact, sorted. */
    public static List<String> of(Path jar) {
        List<String> found = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : Collections.list(file.entries())) {
                String name = entry.getName();
                if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                    Properties properties = new Properties();
                    try (InputStream in = file.getInputStream(entry)) {
                        properties.load(in);
                    }
                    found.add(properties.getProperty("groupId") + ":" + properties.getProperty("artifactId") + ":"
                            + properties.getProperty("version"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
        Collections.sort(found);
        return found;
    }
}
