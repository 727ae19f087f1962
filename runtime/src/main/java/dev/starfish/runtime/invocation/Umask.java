package dev.starfish.runtime.invocation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * A command's file mode creation mask. The JVM applies its process's umask to every file it
 * creates; the resident server's process has the umask of whichever client started it, so the
 * files a command hands its user (the {@code .neff}, directories made for it) take their mode
 * from the command's own mask explicitly, as a tool's {@code fopen}/{@code mkdir} would under it.
 *
 * @param bits the mask, {@code 0000}–{@code 0777}
 */
public record Umask(int bits) {

    /** What a process gets when nothing set one, and when {@code /proc} cannot tell. */
    public static final Umask USUAL = new Umask(0022);

    private static final PosixFilePermission[] BITS = {PosixFilePermission.OTHERS_EXECUTE,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};

    public Umask {
        if ((bits & ~0777) != 0) {
            throw new IllegalArgumentException("a umask is 0000-0777, found " + Integer.toOctalString(bits));
        }
    }

    /** This process's mask, from {@code /proc/self/status} (Linux 4.7 and later), else {@link #USUAL}. */
    public static Umask ofThisProcess() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Umask:")) {
                    return new Umask(Integer.parseInt(line.substring("Umask:".length()).trim(), 8));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // an older kernel: the usual mask
        }
        return USUAL;
    }

    /** The mode of a regular file created under this mask: 0666 less the mask. */
    public Set<PosixFilePermission> fileMode() {
        return permissions(0666 & ~bits);
    }

    /** The mode of a directory created under this mask: 0777 less the mask. */
    public Set<PosixFilePermission> directoryMode() {
        return permissions(0777 & ~bits);
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        for (int i = 0; i < BITS.length; i++) {
            if ((mode & (1 << i)) != 0) {
                set.add(BITS[i]);
            }
        }
        return set;
    }

    @Override
    public String toString() {
        return String.format("%04o", bits);
    }
}
