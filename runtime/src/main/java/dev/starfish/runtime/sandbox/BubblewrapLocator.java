package dev.starfish.runtime.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the {@code bwrap} of Debian's {@code bubblewrap}: the first on {@code PATH}, then
 * {@code /usr/bin/bwrap}, that is a trusted system tool: the file (links followed) and its
 * directory owned by root and writable by nobody else, the file executable. A {@code bwrap} that
 * someone else could replace would decide what every tool may reach, so one that fails the rule is
 * skipped and named.
 */
final class BubblewrapLocator {

    static final Path DEBIAN_PATH = Path.of("/usr/bin/bwrap");
    private static final int GROUP_OR_OTHERS_WRITE = 0022;

    private BubblewrapLocator() {
    }

    /** Where bwrap was found, or why it was not. */
    record Found(Optional<Path> bwrap, String whyNot) {
    }

    /** The trusted bwrap of {@code pathVariable}'s directories, then {@code /usr/bin}. */
    static Found locate(String pathVariable) {
        List<Path> candidates = new ArrayList<>();
        for (String dir : pathVariable == null ? new String[0] : pathVariable.split(":")) {
            if (!dir.isEmpty() && Path.of(dir).isAbsolute()) {
                candidates.add(Path.of(dir, "bwrap"));
            }
        }
        candidates.add(DEBIAN_PATH);
        List<String> refused = new ArrayList<>();
        for (Path candidate : candidates) {
            if (!Files.exists(candidate)) {
                continue;
            }
            Optional<String> problem = whyUntrusted(candidate);
            if (problem.isEmpty()) {
                return new Found(Optional.of(candidate), "");
            }
            refused.add(candidate + " " + problem.get());
        }
        return new Found(Optional.empty(), refused.isEmpty() ? "bwrap (bubblewrap) is not installed (searched PATH"
                + " and " + DEBIAN_PATH + ")" : "no trusted bwrap: " + String.join("; ", refused));
    }

    /** Why {@code bwrap} may not be used, or empty when it is root's and writable by nobody else. */
    static Optional<String> whyUntrusted(Path bwrap) {
        try {
            Path real = bwrap.toRealPath();
            if (!Files.isRegularFile(real) || !Files.isExecutable(real)) {
                return Optional.of("is not an executable file");
            }
            Optional<String> file = rootOnly(real, "it");
            return file.isPresent() ? file : rootOnly(real.getParent(), "its directory " + real.getParent());
        } catch (IOException e) {
            return Optional.of("cannot be checked (" + e.getMessage() + ")");
        }
    }

    private static Optional<String> rootOnly(Path path, String what) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(path, "unix:uid,mode");
        int uid = (Integer) attributes.get("uid");
        int mode = (Integer) attributes.get("mode");
        if (uid != 0) {
            return Optional.of("is refused: " + what + " is owned by uid " + uid + ", not root");
        }
        if ((mode & GROUP_OR_OTHERS_WRITE) != 0) {
            return Optional.of(String.format("is refused: %s is writable by group or others (mode %04o)", what,
                    mode & 07777));
        }
        return Optional.empty();
    }
}
