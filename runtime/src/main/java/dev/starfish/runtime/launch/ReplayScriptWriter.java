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
 * same directory, then an atomic rename), mode 0755, content {@link Command#toReplayScript()}, or
 * for a sandboxed step ({@link StepSandbox}) a script that runs it in the same sandbox, or without
 * it when {@code STARFISH_REPLAY_UNSANDBOXED} is set.
 * A reader never sees a half-written script, and two runs of the same job replace it cleanly.
 */
final class ReplayScriptWriter {

    private static final Set<PosixFilePermission> RWXR_XR_X = PosixFilePermissions.fromString("rwxr-xr-x");

    /** Set to anything, it makes a sandboxed step's replay script run the tool without the sandbox. */
    static final String UNSANDBOXED = "STARFISH_REPLAY_UNSANDBOXED";

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
        return write(command, command);
    }

    /** Writes the script of {@code command}, which runs as {@code executed} (itself, or in its sandbox). */
    static Path write(Command command, Command executed) {
        Path target = pathOf(command);
        Path temp = null;
        String text = command == executed ? command.toReplayScript() : sandboxedScript(command, executed);
        try {
            if (isUpToDate(target, text)) {
                return target;
            }
            temp = Files.createTempFile(command.workingDir(), ".replay_" + command.replayName() + "-", ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
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

    /** The first line runs the step without its sandbox when asked to; the last runs it in it. */
    static String sandboxedScript(Command command, Command executed) {
        return "#!/bin/sh\n# Replay of job " + command.job() + " written by Starfish\n"
                + "# The step ran in a bubblewrap sandbox (launcher.sandbox); the last line runs it in the same one.\n"
                + "# To run it without the sandbox: " + UNSANDBOXED + "=1 " + pathOf(command).getFileName() + "\n"
                + "if [ -n \"${" + UNSANDBOXED + ":-}\" ]; then " + command.toShellLine() + "; fi\n"
                + executed.toShellLine() + "\n";
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
