package dev.starfish.runtime.nativelib;

import static java.util.Objects.requireNonNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How job plugins' native libraries and tools are extracted and bound.
 *
 * @param cacheRoot where libraries are extracted: {@code <cacheRoot>/<plugin-id>/<sha256>/lib<name>.so}
 * @param deepBind open each library with {@code RTLD_DEEPBIND} before binding it
 * @param deepBindShim the JNI shim that calls {@code dlopen}; required when {@code deepBind}
 */
public record NativeSettings(Path cacheRoot, boolean deepBind, Optional<Path> deepBindShim) {

    public NativeSettings {
        requireNonNull(cacheRoot, "cacheRoot is null");
        requireNonNull(deepBindShim, "deepBindShim is null");
    }

    /** The default cache: {@code $STARFISH_CACHE_DIR}, else {@code ~/.cache/starfish/native}, else a per-user temp dir. */
    public static Path defaultCacheRoot() {
        String explicit = System.getenv("STARFISH_CACHE_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).resolve("native");
        }
        Path home = Path.of(System.getProperty("user.home", "/nonexistent"));
        Path cache = home.resolve(".cache");
        if (Files.isWritable(cache) || (!Files.exists(cache) && Files.isWritable(home))) {
            return cache.resolve("starfish/native");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "starfish-" + System.getProperty("user.name", "user"), "native");
    }

    /** Settings with deep-bind off: plain {@code System.load}. */
    public static NativeSettings plain(Path cacheRoot) {
        return new NativeSettings(cacheRoot, false, Optional.empty());
    }
}
