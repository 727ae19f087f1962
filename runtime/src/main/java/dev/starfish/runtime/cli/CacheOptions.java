package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CacheSettings;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.config.JvmEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The compile cache options every command that compiles shares ({@code compile}, {@code batch})
 * and {@code starfish cache} uses to find the cache: {@code --cache-dir} and {@code --no-cache},
 * over {@code cache.dir}, {@code cache.max.bytes} and {@code cache.lock.stale.seconds} of
 * {@code conf/starfish.properties}.
 */
final class CacheOptions {

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "The compile cache directory (default: cache.dir of conf/starfish.properties, else "
                    + "compile/ in $STARFISH_CACHE_DIR, else in $XDG_CACHE_HOME/starfish, else in ~/.cache/starfish).")
    String cacheDir;

    @Option(names = "--no-cache", description = "Neither look up nor store the .neff in the compile cache.")
    boolean noCache;

    /** The command's cache: off with {@code --no-cache}, else opened (an unusable directory warns and is off). */
    CompileCache open(Host host, Invocation invocation) {
        return noCache ? CompileCache.disabled() : CompileCache.open(settings(host.properties(), invocation), host.digestMemory());
    }

    /** The cache for {@code -###}: keys and a look that creates and changes nothing. */
    CompileCache openForPlan(Host host, Invocation invocation) {
        return noCache ? CompileCache.disabled() : CompileCache.forPlan(settings(host.properties(), invocation), host.digestMemory());
    }

    /** The cache settings: {@code --cache-dir} over {@code cache.dir} over the default directory. */
    CacheSettings settings(StarfishProperties properties, Invocation invocation) {
        String configured = cacheDir != null ? cacheDir : properties.string(Setting.CACHE_DIR);
        Path directory = configured == null ? CacheSettings.defaultDirectory(invocation.environment())
                : expand(configured, invocation.workingDirectory());
        long maxBytes = properties.integer(Setting.CACHE_MAX_BYTES);
        long staleSeconds = properties.integer(Setting.CACHE_LOCK_STALE_SECONDS);
        long waitSeconds = properties.integer(Setting.CACHE_LOCK_WAIT_SECONDS);
        if (waitSeconds < 0) {
            throw new InvalidInputException(properties.source() + ": " + Setting.CACHE_LOCK_WAIT_SECONDS.key()
                    + " expects 0 (do not wait) or a positive number of seconds, found " + waitSeconds);
        }
        if (maxBytes < 0) {
            throw new InvalidInputException(properties.source() + ": " + Setting.CACHE_MAX_BYTES.key()
                    + " expects 0 (no cap) or a positive number of bytes, found " + maxBytes);
        }
        if (staleSeconds < 1) {
            throw new InvalidInputException(properties.source() + ": " + Setting.CACHE_LOCK_STALE_SECONDS.key()
                    + " expects a positive number of seconds, found " + staleSeconds);
        }
        return new CacheSettings(directory, maxBytes, Duration.ofSeconds(staleSeconds), Duration.ofSeconds(waitSeconds));
    }

    /** {@code ~/x} is under the user's home; a relative path is against the directory starfish was started in. */
    private static Path expand(String path, Path workingDirectory) {
        if (path.equals("~") || path.startsWith("~/")) {
            return Path.of(JvmEnvironment.userHome()).resolve(path.substring(Math.min(2, path.length())));
        }
        return workingDirectory.resolve(path).normalize();
    }
}
