package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Job;
import dev.starfish.runtime.config.JvmEnvironment;
import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.UserCacheDirectory;
import dev.starfish.runtime.log.LazyLogger;
import dev.starfish.runtime.nativelib.CacheTrust;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Where the {@link PluginIndex} of one plugins directory lives between runs: one file per directory
 * and host build in {@code plugin-index} of the user's cache directory ({@link UserCacheDirectory}),
 * a directory of the current user that nobody else may write (mode 0700); files not written for
 * {@link #STALE_AFTER} are pruned. A file that is not the
 * user's own regular file, is writable by others, does not parse or was written by another host
 * build or JVM is ignored; a new one replaces it by an atomic rename, so a concurrent reader sees
 * the old file or the new one. The index is only an accelerator: any failure here costs the next
 * run time, never a wrong answer or a message.
 */
public final class PluginIndexStore {

    private static final LazyLogger LOG = LazyLogger.of(PluginIndexStore.class);
    /** An index file not written for this long belongs to a directory or build no longer used. */
    static final Duration STALE_AFTER = Duration.ofDays(30);

    private final Path file;
    private final String hostStamp;

    PluginIndexStore(Path file, String hostStamp) {
        this.file = requireNonNull(file, "file is null");
        this.hostStamp = requireNonNull(hostStamp, "hostStamp is null");
    }

    /** The store of {@code pluginsDir}'s index in the user's cache, or empty when no private directory can be had. */
    static Optional<PluginIndexStore> forPluginsDir(Path pluginsDir, Path userCacheDir) {
        return forPluginPath(PluginPath.of(pluginsDir), userCacheDir);
    }

    /** The store of the index of the whole {@code path} (one file per path), or empty when no private directory can be had. */
    public static Optional<PluginIndexStore> forPluginPath(PluginPath path, Path userCacheDir) {
        try {
            Path dir = userCacheDir.resolve("plugin-index");
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                // made earlier; checked below
            }
            Optional<String> problem = CacheTrust.whyUntrusted(dir);
            if (problem.isPresent()) {
                LOG.debug("Plugin index not used: {} {}", dir, problem.get());
                return Optional.empty();
            }
            // keyed by the host too: two installations (or builds) sharing a plugins directory keep one index each
            String stamp = hostStamp();
            StringBuilder dirs = new StringBuilder();
            for (Path pluginsDir : path.paths()) {
                dirs.append(pluginsDir.toRealPath()).append('\n');
            }
            String name = fileNameFor(dirs + stamp);
            return Optional.of(new PluginIndexStore(dir.resolve(name), stamp));
        } catch (IOException | RuntimeException e) {
            LOG.debug("Plugin index not used: {}", e.toString());
            return Optional.empty();
        }
    }

    /** {@code plugin-index} in the user's cache directory of the JVM's environment ({@link UserCacheDirectory}). */
    static Path defaultDirectory() {
        return UserCacheDirectory.of(JvmEnvironment.variables()).resolve("plugin-index");
    }

    /**
     * Who wrote an index: this format, the JVM and the host's own jars (size and time). What the
     * registry checked by loading a class depends on the plugin API and the JDK, so another host's
     * index is not trusted.
     */
    static String hostStamp() {
        return System.getProperty("java.vm.version") + "|" + codeStamp(PluginIndexStore.class) + "|"
                + codeStamp(Job.class);
    }

    private static String codeStamp(Class<?> type) {
        try {
            Path source = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
            return source + ":" + Files.size(source) + ":" + Files.getLastModifiedTime(source).toMillis();
        } catch (Exception e) {
            return type.getName() + ":unknown";
        }
    }

    Path file() {
        return file;
    }

    /** The recorded jars by path; empty when there is no usable file. */
    Map<Path, IndexedJar> load() {
        try {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return Map.of();
            }
            if (!CacheTrust.isOwnRegularFile(file) || CacheTrust.whyUntrusted(file.getParent()).isPresent()
                    || writableByOthers(file)) {
                LOG.debug("Plugin index {} ignored: not the user's own private file", file);
                return Map.of();
            }
            try (InputStream raw = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
                    DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 65536))) {
                return PluginIndexCodec.read(in, hostStamp);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("Plugin index {} ignored: {}", file, e.toString());
            return Map.of();
        }
    }

    /** Replaces the file with {@code jars}; a failure is logged at debug level and otherwise ignored. */
    void save(Collection<IndexedJar> jars) {
        Path temp = null;
        try {
            temp = Files.createTempFile(file.getParent(), ".index", ".tmp");
            try (OutputStream raw = Files.newOutputStream(temp);
                    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 65536))) {
                PluginIndexCodec.write(out, hostStamp, jars);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            temp = null;
            pruneStale(file.getParent(), Instant.now().minus(STALE_AFTER));
        } catch (IOException | RuntimeException e) {
            LOG.debug("Plugin index {} not written: {}", file, e.toString());
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    LOG.debug("cannot delete {}: {}", temp, e.toString());
                }
            }
        }
    }

    /**
     * Deletes the index files of {@code dir} last written before {@code cutoff}: those of plugins
     * directories and host builds not used since (a build's index is keyed by its jars). Runs only
     * after a save, so a run that changes nothing pays nothing; an index still in use that is pruned
     * costs its next run one read of the jars. Only regular {@code *.idx} files, never what a link
     * points to.
     */
    static void pruneStale(Path dir, Instant cutoff) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.idx")) {
            for (Path entry : entries) {
                BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (attributes.isRegularFile() && attributes.lastModifiedTime().toInstant().isBefore(cutoff)) {
                    Files.deleteIfExists(entry);
                    LOG.debug("Plugin index {} pruned: last written {}", entry, attributes.lastModifiedTime());
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("Plugin index directory {} not pruned: {}", dir, e.toString());
        }
    }

    private static boolean writableByOthers(Path path) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        return mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /**
     * The index file's name for a plugins directory: 64 bits of two CRCs of its real path. Not a
     * cryptographic digest on purpose (the JCA providers cost a {@code jobs} start-up ~8 ms): two
     * directories sharing a name only overwrite each other's index, since every entry is looked up
     * by the jar's own path and checked against its size, times and inode or SHA-256.
     */
    static String fileNameFor(String realPath) {
        byte[] bytes = realPath.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        CRC32C crcC = new CRC32C();
        crcC.update(bytes);
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits((int) crc.getValue()) + hex.toHexDigits((int) crcC.getValue()) + ".idx";
    }
}
