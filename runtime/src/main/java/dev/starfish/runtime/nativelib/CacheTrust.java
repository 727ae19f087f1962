package dev.starfish.runtime.nativelib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The rule that decides whether a directory of the native cache may be trusted: a real directory
 * (never a symbolic link), owned by the user this JVM runs as, writable by nobody else, as pip
 * demands of its cache. Only such a directory guarantees that what we verified is what we load.
 * Linux only (the {@code unix} attribute view and {@code /proc/self}).
 */
final class CacheTrust {

    private CacheTrust() {
    }

    /** The effective uid of this JVM: the owner of {@code /proc/self}. */
    static int currentUid() {
        return dev.starfish.runtime.config.CurrentUser.uid();
    }

    /**
     * Why {@code dir} must not be used, or empty when it may: a symbolic link, not a directory,
     * owned by another user, or writable by group or others. Symbolic links are not followed.
     */
    static Optional<String> whyUntrusted(Path dir) {
        return dev.starfish.runtime.config.PathTrust.whyUntrusted(dir, true);
    }

    /** Whether {@code file} is a regular file (not a link) owned by the current user. */
    static boolean isOwnRegularFile(Path file) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(file, "unix:uid,isRegularFile", LinkOption.NOFOLLOW_LINKS);
        return (Boolean) attributes.get("isRegularFile") && (Integer) attributes.get("uid") == currentUid();
    }
}
