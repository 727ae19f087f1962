package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes {@code replay_<name>.sh} next to a command's work: atomically (a temporary file in the
 * same directory, then an atomic rename), mode 0755, content {@link Command#toReplayScript()}.
 * A reader never sees a half-written script, and two runs of the same job replace it cleanly.
 */
final class ReplayScriptWriter {

    private static final Set<PosixFilePermission> RWXR_XR_X = PosixFilePermissions.fromString("rwxr-xr-x");

    private ReplayScriptWriter() {
    }

    /** The script's path for {@code command}: {@code <workingDir>/replay_<replayName>.sh}. */
    static Path pathOf(Command command) {
        return command.workingDir().resolve("replay_" + command.replayName() + ".sh");
    }

    /**
     * Writes the script and returns its path. A script that already holds exactly this text with
     * mode 0755 (a re-run of the same command) is left alone: an atomic rename on ext4 costs a
     * forced write-back of about a millisecond.
     */
    static Path write(Command command) {
        Path target = pathOf(command);
        Path temp = null;
        try {
            if (isUpToDate(target, command.toReplayScript())) {
                return target;
            }
            temp = Files.createTempFile(command.workingDir(), ".replay_" + command.replayName() + "-", ".tmp");
            Files.writeString(temp, command.toReplayScript(), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(temp, RWXR_XR_X);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            if (temp != null) {
                ReportFiles.deleteQuietly(temp);
            }
            throw new UncheckedIOException("could not write the replay script " + target + " of job "
                    + command.job() + ": " + e.getMessage(), e);
        }
    }

    private static boolean isUpToDate(Path target, String text) {
        try {
            return Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
                    && Files.size(target) == text.getBytes(StandardCharsets.UTF_8).length
                    && Files.getPosixFilePermissions(target).equals(RWXR_XR_X)
                    && Files.readString(target, StandardCharsets.UTF_8).equals(text);
        } catch (IOException e) {
            return false;
        }
    }
}
