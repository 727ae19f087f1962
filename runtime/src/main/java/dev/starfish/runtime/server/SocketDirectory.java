package dev.starfish.runtime.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * The directory the server's socket lives in must be the user's alone: a directory (not a
 * symbolic link to one), owned by the server's own user, with no permission bit for group or
 * others. Anyone else able to enter it could replace the socket and receive the user's commands,
 * environment and terminal; the client checks the same before it connects.
 */
final class SocketDirectory {

    private SocketDirectory() {
    }

    /** Why {@code dir} cannot hold the socket, or empty when it can. */
    static Optional<String> refusal(Path dir) {
        try {
            if (Files.isSymbolicLink(dir)) {
                return Optional.of("the socket directory " + dir + " is a symbolic link (expected a directory of its"
                        + " own, mode 0700)");
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of("the socket directory " + dir + " is not a directory");
            }
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int self = ownUid();
            if (owner != self) {
                return Optional.of("the socket directory " + dir + " belongs to uid " + owner + ", not to this user"
                        + " (uid " + self + ")");
            }
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            int mode = (Integer) Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0777;
            if ((mode & 077) != 0 || !permissions.contains(PosixFilePermission.OWNER_WRITE)) {
                return Optional.of("the socket directory " + dir + " has mode " + String.format("%04o", mode)
                        + " (expected 0700: no access for group or others)");
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("the socket directory " + dir + " cannot be examined: " + e);
        }
    }

    /** The uid this process runs as (the owner of its {@code /proc} entry). */
    static int ownUid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }
}
