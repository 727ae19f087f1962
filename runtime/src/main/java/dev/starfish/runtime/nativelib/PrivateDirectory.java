package dev.starfish.runtime.nativelib;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Makes a directory inside the (trusted) native cache that may be trusted in turn: created mode
 * 0700 when absent; a symbolic link or a file in its place is removed (the link itself, never
 * what it points to) and the directory created, with a warning; a directory of another user or
 * writable by others is refused, because only its owner can repair it.
 */
final class PrivateDirectory {

    private static final Logger LOG = LogManager.getLogger(PrivateDirectory.class);

    private PrivateDirectory() {
    }

    /** {@code dir}, a trusted directory when this returns. */
    static Path ensure(Path dir) {
        try {
            if (Files.isSymbolicLink(dir) || Files.isRegularFile(dir, LinkOption.NOFOLLOW_LINKS)) {
                LOG.warn("Native cache directory {} is {}, expected a directory; replacing it", dir,
                        Files.isSymbolicLink(dir) ? "a symbolic link (to " + Files.readSymbolicLink(dir) + ")" : "a file");
                Files.deleteIfExists(dir);
            }
            create(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the native cache directory " + dir + ": " + e.getMessage(), e);
        }
        Optional<String> problem = CacheTrust.whyUntrusted(dir);
        if (problem.isPresent()) {
            throw new IllegalStateException("Refusing to use the native cache directory " + dir + ": it " + problem.get()
                    + ". Delete it (it is re-created) or set nativelib.cache.dir to another directory.");
        }
        return dir;
    }

    private static void create(Path dir) throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
        } catch (FileAlreadyExistsException e) {
            // made by us earlier or by another process just now: checked by the caller
        }
    }
}
