package dev.starfish.runtime.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The user this process runs as: the one owner of that fact for every trust check (plugins,
 * the native cache). Read from the owner of {@code /proc/self} — following the link, since the
 * link itself always belongs to root — once, when first needed; a JVM's uid does not change.
 */
public final class CurrentUser {

    private CurrentUser() {
    }

    /** The real uid of this process. */
    public static int uid() {
        return Holder.UID;
    }

    private static final class Holder {
        static final int UID = read();

        private static int read() {
            try {
                return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot tell the current user from /proc/self: " + e.getMessage(), e);
            }
        }
    }
}
