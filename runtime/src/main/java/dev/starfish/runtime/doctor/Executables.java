package dev.starfish.runtime.doctor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Optional;

/** What is wrong, if anything, with a file the installation runs or loads. */
final class Executables {

    private static final byte[] ELF = {0x7f, 'E', 'L', 'F'};

    private Executables() {
    }

    /** Why {@code file} cannot be run: missing, not a regular file, not executable, not an ELF file or script. */
    static Optional<String> whyNotRunnable(Path file) {
        return whyNotLoadable(file).or(() -> Files.isExecutable(file) ? Optional.empty()
                : Optional.of("is not executable (mode " + mode(file) + ")"));
    }

    /** Why {@code file} cannot be loaded or run: missing, not a regular file, unreadable, neither ELF nor a script. */
    static Optional<String> whyNotLoadable(Path file) {
        if (!Files.exists(file)) {
            return Optional.of(Files.isSymbolicLink(file) ? "is a symbolic link to a missing file" : "is missing");
        }
        if (!Files.isRegularFile(file)) {
            return Optional.of("is not a regular file");
        }
        byte[] head = new byte[4];
        try (InputStream in = Files.newInputStream(file)) {
            int read = in.readNBytes(head, 0, head.length);
            boolean script = read >= 2 && head[0] == '#' && head[1] == '!';
            if (!script && (read < ELF.length || !Arrays.equals(head, ELF))) {
                return Optional.of("is neither an ELF file nor a script (" + read + "-byte header "
                        + hex(head, read) + "); it may be truncated or corrupt");
            }
        } catch (IOException e) {
            return Optional.of("cannot be read (" + e.getMessage() + ")");
        }
        return Optional.empty();
    }

    static String mode(Path file) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
        } catch (IOException e) {
            return "unreadable";
        }
    }

    private static String hex(byte[] bytes, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(String.format("%02x", bytes[i]));
        }
        return text.length() == 0 ? "empty" : text.toString();
    }
}
