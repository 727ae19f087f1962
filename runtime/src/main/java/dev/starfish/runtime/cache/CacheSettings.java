package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.UserCacheDirectory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How a compile cache is used.
 *
 * @param directory the cache directory ({@code cache.dir}, {@code --cache-dir})
 * @param maxBytes the size cap of its entries, 0 for none ({@code cache.max.bytes})
 * @param lockStaleAfter how long another host's lock may go without a heartbeat before it is broken
 *        ({@code cache.lock.stale.seconds}); a lock of this host is broken as soon as its process is gone
 * @param lockWaitAtMost how long a compile waits for another compile's lock of its key before it
 *        compiles without it ({@code cache.lock.wait.seconds}); zero for not at all
 */
public record CacheSettings(Path directory, long maxBytes, Duration lockStaleAfter, Duration lockWaitAtMost) {

    /** Settings that wait for a lock as long as {@code cache.lock.wait.seconds}' default. */
    public CacheSettings(Path directory, long maxBytes, Duration lockStaleAfter) {
        this(directory, maxBytes, lockStaleAfter, Duration.ofSeconds(Long.parseLong(
                Setting.CACHE_LOCK_WAIT_SECONDS.defaultValue().orElseThrow())));
    }

    public CacheSettings {
        requireNonNull(directory, "directory is null");
        requireNonNull(lockStaleAfter, "lockStaleAfter is null");
        requireNonNull(lockWaitAtMost, "lockWaitAtMost is null");
        if (lockWaitAtMost.isNegative()) {
            throw new IllegalArgumentException("lockWaitAtMost must not be negative, found " + lockWaitAtMost);
        }
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
    public static Path defaultDirectory(Map<String, String> env) {
        return UserCacheDirectory.of(env).resolve("compile");
    }
}
