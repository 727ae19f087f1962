package dev.starfish.runtime.nativelib;

import dev.starfish.runtime.config.CurrentUser;
import dev.starfish.runtime.config.PathTrust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The rule that decides whether a directory of the native cache may be trusted: a real directory
 * (never a symbolic link), owned by the user this JVM runs as, writable by nobody else, as pip
 * demands of its cache, below directories that no other user can rename it in. Only such a directory guarantees that what we verified is what we load.
 * Linux only (the {@code unix} attribute view and {@code /proc/self}). The compile cache applies the
 * same rule to its directories and entries.
 */
public final class CacheTrust {

    private static final int ROOT = 0;
    private static final int GROUP_OR_OTHERS_WRITE = 0022;
    private static final int STICKY = 01000;

    private CacheTrust() {
    }

    /** The effective uid of this JVM: the owner of {@code /proc/self}. */
    static int currentUid() {
        return CurrentUser.uid();
    }

    /**
     * Why {@code dir} must not be used, or empty when it may: a symbolic link, not a directory,
     * owned by another user, or writable by group or others. Symbolic links are not followed.
     */
    public static Optional<String> whyUntrusted(Path dir) {
        return PathTrust.whyUntrusted(dir, true);
    }

    /**
     * Why a directory above {@code realDir} (a real path) would let another user swap {@code realDir}
     * between the hash check and the load, or empty when none would. As OpenSSH's {@code StrictModes}
     * checks every directory above a key file: each must be owned by root or the current user and
     * not writable by group or others, except with the sticky bit (like {@code /tmp}), where others
     * cannot rename or delete what they do not own.
     */
    public static Optional<String> whyParentsUntrusted(Path realDir) {
        int me = currentUid();
        for (Path parent = realDir.getParent(); parent != null; parent = parent.getParent()) {
            Map<String, Object> attributes;
            try {
                attributes = Files.readAttributes(parent, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                return Optional.of("lies in " + parent + ", which cannot be read (" + e.getMessage() + ")");
            }
            int owner = (Integer) attributes.get("uid");
            int mode = (Integer) attributes.get("mode");
            if (owner != ROOT && owner != me) {
                return Optional.of("lies in " + parent + ", owned by uid " + owner + " (neither the current user, uid "
                        + me + ", nor root), who could rename it");
            }
            if ((mode & GROUP_OR_OTHERS_WRITE) != 0 && (mode & STICKY) == 0) {
                return Optional.of("lies in " + parent + ", which is writable by group or others without the sticky "
                        + "bit (mode " + String.format("%04o", mode & 07777) + "), so another user could rename it");
            }
        }
        return Optional.empty();
    }

    /** Whether {@code file} is a regular file (not a link) owned by the current user. */
    public static boolean isOwnRegularFile(Path file) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(file, "unix:uid,isRegularFile", LinkOption.NOFOLLOW_LINKS);
        return (Boolean) attributes.get("isRegularFile") && (Integer) attributes.get("uid") == currentUid();
    }
}
