package dev.starfish.runtime.nativelib;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.JvmEnvironment;
import dev.starfish.runtime.config.UserCacheDirectory;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * How job plugins' native libraries and tools are extracted and bound. Immutable, except that
 * the cache root actually used is decided once, on first use ({@link #usableCacheRoot()}).
 */
public final class NativeSettings {

    private final Path cacheRoot;
    private final boolean deepBind;
    private final Optional<Path> deepBindShim;
    private final CacheRoot usable;

    /**
     * @param cacheRoot where libraries are extracted: {@code <cacheRoot>/<plugin-id>/<sha256>/lib<name>.so};
     *        used only when it is a directory of the current user that nobody else may write
     * @param deepBind open each library with {@code RTLD_DEEPBIND} before binding it
     * @param deepBindShim the JNI shim that calls {@code dlopen}; required when {@code deepBind}
     */
    public NativeSettings(Path cacheRoot, boolean deepBind, Optional<Path> deepBindShim) {
        this.cacheRoot = requireNonNull(cacheRoot, "cacheRoot is null");
        this.deepBind = deepBind;
        this.deepBindShim = requireNonNull(deepBindShim, "deepBindShim is null");
        this.usable = new CacheRoot(cacheRoot);
    }

    /**
     * The default cache: {@code native} in the user's cache directory ({@link UserCacheDirectory}).
     * When that cannot be used, {@link #usableCacheRoot()} falls back to a private temporary
     * directory; there is no predictable shared fallback such as {@code /tmp/starfish-$USER}.
     */
    public static Path defaultCacheRoot(Map<String, String> env) {
        return UserCacheDirectory.of(env).resolve("native");
    }

    /** The default cache of the JVM's own environment, for callers without a command (tests). */
    public static Path defaultCacheRoot() {
        return defaultCacheRoot(JvmEnvironment.variables());
    }

    /** Settings with deep-bind off: plain {@code System.load}. */
    public static NativeSettings plain(Path cacheRoot) {
        return new NativeSettings(cacheRoot, false, Optional.empty());
    }

    /** The configured cache root. */
    public Path cacheRoot() {
        return cacheRoot;
    }

    public boolean deepBind() {
        return deepBind;
    }

    public Optional<Path> deepBindShim() {
        return deepBindShim;
    }

    /**
     * The real path of {@link #cacheRoot()} when it is (or could be created as) a directory of the
     * current user that nobody else may write; else, after one warning, a private temporary
     * directory (mode 0700, deleted on exit). Decided on the first call; the same afterwards.
     */
    public Path usableCacheRoot() {
        return usable.usable();
    }

    /**
     * Deletes the cache root these settings used, with everything in it, when they used one; for a
     * root of their own only (a server's host generation), once no command uses its libraries. A
     * library still mapped (its loader not yet collected) stays mapped without its file. A root
     * that is a symbolic link (the host never makes one) is left alone, with what it points to.
     */
    public void deleteUsedCacheRoot() {
        usable.deleteDecided();
    }

    @Override
    public String toString() {
        return "NativeSettings[cacheRoot=" + cacheRoot + ", deepBind=" + deepBind + ", deepBindShim=" + deepBindShim + "]";
    }
}
