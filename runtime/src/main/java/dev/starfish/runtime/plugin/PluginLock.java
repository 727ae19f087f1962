package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The optional allow-list {@code conf/plugins.lock}: one line per jar, {@code <sha256>  <name>}
 * (the format of {@code sha256sum}, so {@code cd plugins && sha256sum -c ../conf/plugins.lock}
 * checks it too); {@code #} starts a comment. A jar of the first directory of the plugin path is
 * named by its file name (as before there were several), a jar of any other directory by its
 * absolute path, so two directories may hold jars of one name. When the lock exists, a jar it does
 * not list, or lists with another hash, is refused. Immutable.
 */
public final class PluginLock {

    /** The file name under {@code conf/}. */
    public static final String FILE_NAME = "plugins.lock";

    private static final Pattern LINE = Pattern.compile("([0-9a-f]{64})  ([^/\\s][^/]*\\.jar|/\\S.*\\.jar)");

    private final Path file;
    private final Map<String, String> sha256ByJar;

    private PluginLock(Path file, Map<String, String> sha256ByJar) {
        this.file = requireNonNull(file, "file is null");
        this.sha256ByJar = Map.copyOf(sha256ByJar);
    }

    /**
     * The lock at {@code file}, or empty when there is none.
     *
     * @throws InvalidInputException when a line is not {@code <64 hex digits>  <name>.jar}
     */
    public static Optional<PluginLock> read(Path file) {
        if (file == null || !Files.exists(file)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the plugin lock " + file + ": " + e.getMessage(), e);
        }
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new InvalidInputException(file + " line " + (i + 1) + ": expected '<sha256 as 64 lower-case hex "
                        + "digits>  <file name or absolute path>.jar', found '" + line + "'; rewrite it with `starfish plugins lock`");
            }
            entries.put(m.group(2), m.group(1));
        }
        return Optional.of(new PluginLock(file, entries));
    }

    /** The name the lock gives {@code jar}: its file name in {@code firstDirectory}, else its absolute path. */
    public static String entryName(Path jar, Path firstDirectory) {
        Path absolute = jar.toAbsolutePath().normalize();
        return absolute.getParent().equals(firstDirectory.toAbsolutePath().normalize())
                ? absolute.getFileName().toString() : absolute.toString();
    }

    /** Why {@code jar}, named {@code name} ({@link #entryName}), is not allowed by this lock, or empty when it is listed. */
    public Optional<String> problem(Path jar, String name) {
        String locked = sha256ByJar.get(name);
        if (locked == null) {
            return Optional.of("not listed in " + file + "; if you trust it, run `starfish plugins lock` to add it");
        }
        String actual = sha256(jar);
        if (!actual.equals(locked)) {
            return Optional.of("its SHA-256 " + actual + " differs from " + locked + " recorded in " + file
                    + "; the jar changed since it was locked: if you trust it, run `starfish plugins lock`");
        }
        return Optional.empty();
    }

    public Path file() {
        return file;
    }

    /**
     * Writes a lock of {@code jars} to {@code file}, replacing it atomically; each jar is named as
     * {@link #entryName} names it against {@code firstDirectory}, the first of the plugin path.
     */
    public static void write(Path file, List<Path> jars, Path firstDirectory) {
        StringBuilder text = new StringBuilder("# Plugin jars Starfish may load: sha256  file name (first plugin ")
                .append("directory) or absolute path. Written by `starfish plugins lock`.\n");
        jars.stream().map(jar -> Map.entry(entryName(jar, firstDirectory), jar)).sorted(Map.Entry.comparingByKey())
                .forEach(e -> text.append(sha256(e.getValue())).append("  ").append(e.getKey()).append('\n'));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), FILE_NAME, ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plugin lock " + file + ": " + e.getMessage(), e);
        }
    }

    /** The SHA-256 of a file's bytes, as 64 lower-case hex digits. */
    public static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[65536];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
