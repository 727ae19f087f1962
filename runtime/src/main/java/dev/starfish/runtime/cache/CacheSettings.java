package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.UserCacheDirectory;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How a compile cache is used.
 *
 * @param directory the cache directory ({@code cache.dir}, {@code --cache-dir})
 * @param maxBytes the size cap of its entries, 0 for none ({@code cache.max.bytes})
 * @param lockStaleAfter how long another host's lock may go without a heartbeat before it is broken
 *        ({@code cache.lock.stale.seconds}); a lock of this host is broken as soon as its process is gone
 */
public record CacheSettings(Path directory, long maxBytes, Duration lockStaleAfter) {

    public CacheSettings {
        requireNonNull(directory, "directory is null");
        requireNonNull(lockStaleAfter, "lockStaleAfter is null");
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must be 0 (no cap) or positive, found " + maxBytes);
        }
        if (lockStaleAfter.isNegative() || lockStaleAfter.isZero()) {
            throw new IllegalArgumentException("lockStaleAfter must be positive, found " + lockStaleAfter);
        }
    }

    /**
     * The default directory: {@code compile} in the user's cache directory ({@link UserCacheDirectory}:
     * {@code $STARFISH_CACHE_DIR}, else {@code $XDG_CACHE_HOME/starfish}, else {@code ~/.cache/starfish});
     * the native-library cache uses {@code native} beside it.
     */
    public static Path defaultDirectory(java.util.Map<String, String> env) {
        return UserCacheDirectory.of(env).resolve("compile");
    }
}
