package dev.starfish.runtime.launch;

import dev.starfish.runtime.config.CurrentUser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a native tool may be run, judged by the rules that guard plugin jars (sudo's and
 * OpenSSH's {@code StrictModes}): its search directory and the file itself (links followed, since
 * a link in a trusted directory was put there by a trusted user) must each be owned by the user
 * running Starfish or by root and writable by nobody else. A tool that others could have dropped
 * or replaced would otherwise run with this user's rights. Each answer is one line naming the
 * file, its owner and mode, and the fix; empty when the tool passes. Immutable.
 */
public final class ToolTrust {

    private static final int ROOT = 0;
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;

    private final int currentUid;

    public ToolTrust(int currentUid) {
        this.currentUid = currentUid;
    }

    /** The rules for the user this process runs as. */
    public static ToolTrust forCurrentUser() {
        return new ToolTrust(CurrentUser.uid());
    }

    /** Why no tool of {@code dir} may be run, or empty when the directory is safe (or absent). */
    public Optional<String> directoryProblem(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        return problem(dir, "others could add or replace tools")
                .map(p -> "tool directory " + dir + " " + p.shown() + " is " + p.reason());
    }

    /** Why the tool {@code file}, found in {@code dir} (empty for an absolute name), may not be run. */
    public Optional<String> toolProblem(Path file, Optional<Path> dir) {
        Optional<String> inDirectory = dir.flatMap(this::directoryProblem);
        if (inDirectory.isPresent()) {
            return Optional.of("tool " + file + " is refused: its " + inDirectory.get());
        }
        return problem(file, "others could replace it")
                .map(p -> "tool " + file + " " + p.shown() + " is refused: it is " + p.reason());
    }

    /** The owner and mode of what was judged, and why it fails with the fix. */
    private record Problem(String shown, String reason) {
    }

    private Optional<Problem> problem(Path path, String risk) {
        Attributes attributes;
        try {
            attributes = Attributes.of(path);
        } catch (IOException e) {
            return Optional.of(new Problem("", "not checkable (" + e.getMessage() + "); fix its permissions"));
        }
        boolean writable = (attributes.mode() & (GROUP_WRITE | OTHERS_WRITE)) != 0;
        if (!writable && (attributes.uid() == ROOT || attributes.uid() == currentUid)) {
            return Optional.empty();
        }
        // only a refusal names the owner and the real path: the user database and a readlink per
        // component of the path cost more than the stat (every tool of every compile is checked)
        String shown = "(owner " + ownerName(path) + ", uid " + attributes.uid() + ", mode " + attributes.octalMode()
                + ")";
        Path real = realPath(path);
        if (writable) {
            String who = (attributes.mode() & OTHERS_WRITE) != 0 ? "world-writable" : "group-writable";
            return Optional.of(new Problem(shown, who + ", so " + risk + "; fix with chmod go-w " + real));
        }
        return Optional.of(new Problem(shown, "owned by neither the user running Starfish (uid " + currentUid
                + ") nor root; fix with chown " + (currentUid == ROOT ? "root" : "$(id -un)") + " " + real));
    }

    private static String ownerName(Path path) {
        try {
            return Files.getOwner(path).getName();
        } catch (IOException e) {
            return "?";
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path;
        }
    }

    /** One stat of the file a path names, through its symbolic links. */
    private record Attributes(int uid, int mode) {

        static Attributes of(Path path) throws IOException {
            Map<String, Object> a = Files.readAttributes(path, "unix:uid,mode");
            return new Attributes((Integer) a.get("uid"), (Integer) a.get("mode"));
        }

        String octalMode() {
            return String.format("%04o", mode & 07777);
        }
    }
}
