package dev.starfish.runtime.jar;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The one reader of a plugin jar's contents: its manifest, its entry names and the bytes of an
 * entry. The registry, the linter, the classifier and the native side all read plugin jars
 * through it, so a jar is opened the same way everywhere. Not thread-safe; close it.
 */
public final class PluginJarFile implements AutoCloseable {

    private final Path path;
    private final JarFile file;

    private PluginJarFile(Path path, JarFile file) {
        this.path = path;
        this.file = file;
    }

    /** Opens {@code jar}; an unreadable or malformed zip raises {@link IOException}. */
    public static PluginJarFile open(Path jar) throws IOException {
        requireNonNull(jar, "jar is null");
        return new PluginJarFile(jar, new JarFile(jar.toFile()));
    }

    /** The bytes of one entry of {@code jar}, opening and closing it; empty when there is no such entry. */
    public static Optional<byte[]> readEntry(Path jar, String name) {
        try (PluginJarFile file = open(jar)) {
            return file.read(name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from " + jar, e);
        }
    }

    /** The names of the files directly under {@code prefix} (a directory ending in {@code /}) of {@code jar}, sorted. */
    public static List<String> filesUnder(Path jar, String prefix) {
        try (PluginJarFile file = open(jar)) {
            return file.entryNames().stream()
                    .filter(n -> n.startsWith(prefix) && n.indexOf('/', prefix.length()) < 0).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    public Path path() {
        return path;
    }

    /** The manifest, or empty when the jar has none. */
    public Optional<Manifest> manifest() throws IOException {
        return Optional.ofNullable(file.getManifest());
    }

    /** A main attribute of the manifest, stripped; empty when absent or blank. */
    public Optional<String> mainAttribute(String name) throws IOException {
        Optional<String> value = manifest().map(Manifest::getMainAttributes).map(a -> a.getValue(new Attributes.Name(name)));
        return value.map(String::strip).filter(v -> !v.isEmpty());
    }

    /** The names of every file entry (no directories), in the jar's order. */
    public List<String> entryNames() {
        List<String> names = new ArrayList<>();
        file.stream().map(JarEntry::getName).filter(n -> !n.endsWith("/")).forEach(names::add);
        return names;
    }

    public boolean contains(String name) {
        return file.getEntry(name) != null;
    }

    /** The bytes of an entry, or empty when there is none. */
    public Optional<byte[]> read(String name) throws IOException {
        JarEntry entry = file.getJarEntry(name);
        if (entry == null) {
            return Optional.empty();
        }
        try (InputStream in = file.getInputStream(entry)) {
            return Optional.of(in.readAllBytes());
        }
    }

    /**
     * The bytes of an entry of at most {@code maxBytes}, or empty when there is none: for what a
     * hostile jar could inflate to any size (the header's size is not trusted; the read stops one
     * byte past the limit).
     *
     * @throws IOException when the entry is larger
     */
    public Optional<byte[]> read(String name, int maxBytes) throws IOException {
        JarEntry entry = file.getJarEntry(name);
        if (entry == null) {
            return Optional.empty();
        }
        try (InputStream in = file.getInputStream(entry)) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new IOException(name + " is larger than " + maxBytes + " bytes");
            }
            return Optional.of(bytes);
        }
    }

    /** An entry's text lines, stripped, without blank lines and {@code #} comments; empty when there is no such entry. */
    public Optional<List<String>> lines(String name) throws IOException {
        return read(name).map(bytes -> Arrays.stream(new String(bytes, StandardCharsets.UTF_8).split("\\R"))
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList());
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
