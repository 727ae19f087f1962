package dev.starfish.runtime.nativelib;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rule that decides whether a directory of the native cache may be trusted: a real directory
 * (never a symbolic link), owned by the user this JVM runs as, writable by nobody else, as pip
 * demands of its cache. Only such a directory guarantees that what we verified is what we load.
 * Linux only (the {@code unix} attribute view and {@code /proc/self}). The compile cache applies the
 * same rule to its directories and entries.
 */
public final class CacheTrust {

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
    public static Optional<String> whyUntrusted(Path dir) {
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(dir, "unix:uid,permissions,isSymbolicLink,isDirectory",
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return Optional.of("cannot be read (" + e.getMessage() + ")");
        }
        if ((Boolean) attributes.get("isSymbolicLink")) {
            return Optional.of("is a symbolic link");
        }
        if (!(Boolean) attributes.get("isDirectory")) {
            return Optional.of("is not a directory");
        }
        int owner = (Integer) attributes.get("uid");
        int me = currentUid();
        if (owner != me) {
            return Optional.of("is owned by uid " + owner + ", not by the current user (uid " + me + ")");
        }
        @SuppressWarnings("unchecked")
        Set<PosixFilePermission> mode = (Set<PosixFilePermission>) attributes.get("permissions");
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of("is writable by group or others (mode " + PosixFilePermissions.toString(mode) + ")");
        }
        return Optional.empty();
    }

    /** Whether {@code file} is a regular file (not a link) owned by the current user. */
    public static boolean isOwnRegularFile(Path file) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(file, "unix:uid,isRegularFile", LinkOption.NOFOLLOW_LINKS);
        return (Boolean) attributes.get("isRegularFile") && (Integer) attributes.get("uid") == currentUid();
    }
}
