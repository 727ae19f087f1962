package dev.starfish.runtime.cache;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The digests of settled files (plugin jars, tools, the driver's jars) a host's commands have
 * computed, kept for the host's life: each is used only while the file's device, inode, size and
 * times are exactly those it was computed under, as the remembered digests in a cache directory
 * are, so a resident server reads no file of the cache to key a command with unchanged tools.
 * Private to the process; thread-safe.
 */
public final class DigestMemory {

    private final Map<Path, String> digests = new ConcurrentHashMap<>();

    /** The digest of {@code file} remembered under exactly {@code stat}. */
    Optional<String> get(Path file, String stat) {
        String known = digests.get(file);
        return known != null && known.startsWith(stat + "\n") ? Optional.of(known.substring(stat.length() + 1))
                : Optional.empty();
    }

    void put(Path file, String stat, String sha256) {
        digests.put(file, stat + "\n" + sha256);
    }
}
