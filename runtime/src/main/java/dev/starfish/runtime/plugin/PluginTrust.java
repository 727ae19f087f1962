package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.CurrentUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a plugin jar may be loaded at all, judged as sudo and OpenSSH's
 * {@code StrictModes} judge their files, before a byte of it is read:
 * <ul>
 *   <li>the plugins directory (a link to it is followed) must be writable by its owner
 *       only, and owned by the current user or root;</li>
 *   <li>a jar must be a regular file — <b>any</b> symbolic link is refused, wherever it
 *       points, since a link's target can change between the check and the load and a
 *       link inside the directory only duplicates a jar that is already there;</li>
 *   <li>a jar must be writable by its owner only (not by group or others), and owned by the
 *       current user or root.</li>
 * </ul>
 * Group-writable is refused whatever the group, as upstream OpenSSH does ({@code mode & 022});
 * Debian's patch that allows a group whose only member is the owner is not followed: members
 * can come from NSS (LDAP, sssd) that Java cannot list, and a group can gain a member later
 * without the file changing.
 * Each answer is the reason and the fix, or empty when the file passes. Immutable.
 */
public final class PluginTrust {

    private static final int ROOT = 0;

    private final int currentUid;

    public PluginTrust(int currentUid) {
        this.currentUid = currentUid;
    }

    /** The rules for the user this process runs as. */
    public static PluginTrust forCurrentUser() {
        return new PluginTrust(CurrentUser.uid());
    }

    /** Why nothing in {@code dir} may be loaded, or empty when the directory is safe. */
    public Optional<String> directoryProblem(Path dir) {
        requireNonNull(dir, "dir is null");
        Path real = realPath(dir);
        Set<PosixFilePermission> mode = mode(real);
        String where = "plugins directory " + dir + (real.equals(dir.toAbsolutePath()) ? "" : " (" + real + ")");
        if (mode.contains(PosixFilePermission.OTHERS_WRITE) || mode.contains(PosixFilePermission.GROUP_WRITE)) {
            String who = mode.contains(PosixFilePermission.OTHERS_WRITE) ? "world-writable" : "group-writable";
            return Optional.of(where + " is " + who + " (mode " + octal(mode) + "), so others could add or replace "
                    + "plugins; fix with chmod go-w " + real);
        }
        return ownerProblem(real, uidOf(real), where);
    }

    /** Why {@code jar} (an entry of the plugins directory) may not be loaded, or empty when it may. */
    public Optional<String> jarProblem(Path jar) {
        requireNonNull(jar, "jar is null");
        try {
            return jarProblem(jar, FileStat.of(jar));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of " + jar + ": " + e.getMessage(), e);
        }
    }

    /** Why {@code jar} may not be loaded, judged on {@code stat}, its lstat; empty when it may. */
    public Optional<String> jarProblem(Path jar, FileStat stat) {
        requireNonNull(jar, "jar is null");
        if (stat.isSymbolicLink()) {
            return Optional.of("a symbolic link (to " + linkTarget(jar) + "); plugins must be regular files in the "
                    + "plugins directory: replace the link with a copy of the jar");
        }
        if (stat.isOthersWritable() || stat.isGroupWritable()) {
            String who = stat.isOthersWritable() ? "world-writable" : "group-writable";
            return Optional.of(who + " (mode " + stat.octalPermissions() + "); fix with chmod go-w " + jar);
        }
        return ownerProblem(jar, stat.uid(), "the jar");
    }

    private Optional<String> ownerProblem(Path file, int owner, String what) {
        if (owner == ROOT || owner == currentUid) {
            return Optional.empty();
        }
        return Optional.of(what + " is owned by " + ownerName(file) + " (uid " + owner + "), neither by the user "
                + "running Starfish (uid " + currentUid + ") nor by root; fix with chown " + (currentUid == ROOT ? "root"
                : "$(id -un)") + " " + file);
    }

    static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return String.format("%04o", bits);
    }

    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve the plugins directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Set<PosixFilePermission> mode(Path file) {
        try {
            return Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of " + file + ": " + e.getMessage(), e);
        }
    }

    private static int uidOf(Path file) {
        try {
            return (Integer) Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the owner of " + file + ": " + e.getMessage(), e);
        }
    }

    private static String ownerName(Path file) {
        try {
            return Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException e) {
            return "?";
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "an unreadable target";
        }
    }
}
