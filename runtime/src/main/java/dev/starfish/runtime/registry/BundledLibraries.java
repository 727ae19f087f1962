package dev.starfish.runtime.registry;

import dev.starfish.runtime.jar.PluginJarFile;
import java.io.IOException;
import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/** Reads which Maven artifacts a plugin jar bundles, from the {@code META-INF/maven/.../pom.properties} they carry. */
public final class BundledLibraries {

    private BundledLibraries() {
    }

    /** {@code groupId:artifactId:version} of every bundled artifact, sorted. */
    public static List<String> of(Path jar) {
        List<String> found = new ArrayList<>();
        try (PluginJarFile file = PluginJarFile.open(jar)) {
            for (String name : file.entryNames()) {
                if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                    Properties properties = new Properties();
                    properties.load(new ByteArrayInputStream(file.read(name).orElseThrow()));
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
