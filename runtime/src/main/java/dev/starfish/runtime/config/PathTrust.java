package dev.starfish.runtime.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one rule for trusting a file or directory Starfish later reads or runs: the real thing
 * (never a symbolic link), owned by the user this process runs as, writable by nobody else, as
 * pip demands of its cache. The native cache and the replay of a work directory's scripts both
 * apply it. Linux only (the {@code unix} attribute view).
 */
public final class PathTrust {

    private PathTrust() {
    }

    /**
     * Why {@code path} must not be trusted, or empty when it may: a symbolic link, not a directory
     * (or not a regular file), owned by another user, or writable by group or others. Symbolic
     * links are not followed.
     */
    public static Optional<String> whyUntrusted(Path path, boolean expectDirectory) {
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(path, "unix:uid,permissions,isSymbolicLink,isDirectory,isRegularFile",
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return Optional.of("cannot be read (" + e.getMessage() + ")");
        }
        if ((Boolean) attributes.get("isSymbolicLink")) {
            return Optional.of("is a symbolic link");
        }
        if (expectDirectory && !(Boolean) attributes.get("isDirectory")) {
            return Optional.of("is not a directory");
        }
        if (!expectDirectory && !(Boolean) attributes.get("isRegularFile")) {
            return Optional.of("is not a regular file");
        }
        int owner = (Integer) attributes.get("uid");
        int me = CurrentUser.uid();
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
}
