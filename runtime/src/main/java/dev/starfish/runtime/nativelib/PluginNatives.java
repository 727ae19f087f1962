package dev.starfish.runtime.nativelib;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.jar.PluginJarFile;

import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The native side of one plugin: extracts its bundled JNI libraries and tools into its
 * content-addressed cache and binds each library to the plugin's own class loader —
 * opened first with {@code RTLD_DEEPBIND} unless deep-bind is off. Thread-safe.
 */
public final class PluginNatives implements AutoCloseable {

    public static final String NATIVE_DIR = "native/linux-x86_64/";
    public static final String TOOLS_DIR = NATIVE_DIR + "bin/";

    private final String pluginId;
    private final Path jar;
    private final NativeSettings settings;
    private ContentAddressedCache cache;
    private final List<Long> handles = new ArrayList<>();
    private final ExtractedFiles extracted = new ExtractedFiles();
    private Optional<Path> toolsDir;

    public PluginNatives(String pluginId, Path jar, NativeSettings settings) {
        this.pluginId = requireNonNull(pluginId, "pluginId is null");
        this.jar = requireNonNull(jar, "jar is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    /** The plugin's part of the cache, {@code <usable root>/<plugin-id>}, prepared on first use. */
    private synchronized ContentAddressedCache cache() {
        if (cache == null) {
            cache = new ContentAddressedCache(PrivateDirectory.ensure(pluginDir()));
        }
        return cache;
    }

    private Path pluginDir() {
        Path root = settings.usableCacheRoot();
        Path dir = root.resolve(pluginId);
        if (!root.equals(dir.getParent())) {
            throw new IllegalStateException("plugin id '" + pluginId + "' (" + jar.getFileName() + ") is not a plain"
                    + " name; it cannot name a directory of the native cache");
        }
        return dir;
    }

    /** Extracts and binds {@code lib<name>.so} to {@code owner}'s loader; returns its path. */
    public synchronized Path load(Class<?> owner, String name) {
        String entryName = NATIVE_DIR + "lib" + name + ".so";
        byte[] bytes = readEntry(entryName).orElseThrow(() -> new UnsatisfiedLinkError("plugin '" + pluginId + "' ("
                + jar.getFileName() + ") bundles no native library '" + name + "': expected the jar entry " + entryName));
        Path path = cache().store("lib" + name + ".so", bytes, false);
        extracted.record(path);
        if (settings.deepBind()) {
            DeepBind.ensureShimLoaded(settings.deepBindShim().orElseThrow(() ->
                    new IllegalStateException("deep-bind is on but no JNI shim is configured")));
            handles.add(DeepBind.open(path.toString()));
        }
        bindToLoaderOf(owner, path);
        return path;
    }

    /** The JNI libraries the plugin bundles, with where each is (or would be) extracted. */
    public List<BundledLibrary> libraries() {
        List<BundledLibrary> found = new ArrayList<>();
        for (String entry : entriesUnder(NATIVE_DIR)) {
            String fileName = entry.substring(NATIVE_DIR.length());
            if (fileName.endsWith(".so")) {
                byte[] bytes = readEntry(entry).orElseThrow();
                String sha = ContentAddressedCache.sha256(bytes);
                Path path = pluginDir().resolve(sha).resolve(fileName);
                found.add(new BundledLibrary(fileName, sha, path,
                        Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)));
            }
        }
        return found;
    }

    /** One bundled JNI library: its file name, content hash, extraction path and whether it is extracted. */
    public record BundledLibrary(String fileName, String sha256, Path path, boolean extracted) {
    }

    /** Extracts every bundled tool once and returns their directory; empty when the plugin bundles none. */
    public synchronized Optional<Path> toolsDir() {
        if (toolsDir == null) {
            toolsDir = extractTools();
        }
        return toolsDir;
    }

    private Optional<Path> extractTools() {
        List<String> names = entriesUnder(TOOLS_DIR);
        if (names.isEmpty()) {
            return Optional.empty();
        }
        List<ContentAddressedCache.Item> items = new ArrayList<>();
        for (String entry : names) {
            items.add(new ContentAddressedCache.Item(entry.substring(TOOLS_DIR.length()), readEntry(entry).orElseThrow()));
        }
        Path dir = cache().storeGroup("tools", items);
        items.forEach(item -> extracted.record(dir.resolve(item.name())));
        return Optional.of(dir);
    }

    /**
     * The first library or tool this plugin extracted that changed on disk since (overwritten in
     * place, replaced, removed); a warm server then loads the plugins afresh rather than call into a
     * mapping whose file changed or run a tool nobody verified.
     */
    public Optional<Path> changedSinceExtracted() {
        return extracted.firstChanged();
    }

    private void bindToLoaderOf(Class<?> owner, Path path) {
        if (!(owner.getClassLoader() instanceof BinderSource source)) {
            throw new IllegalStateException(owner.getName() + " was not loaded by a Starfish job loader");
        }
        try {
            source.jniBinder().getMethod("load", String.class).invoke(null, path.toString());
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UnsatisfiedLinkError link
                    && String.valueOf(link.getMessage()).contains("already loaded in another classloader")) {
                throw new UnsatisfiedLinkError("native library " + path + " of plugin '" + pluginId + "' ("
                        + jar.getFileName() + ") is already bound to another class loader in this JVM — an earlier "
                        + "load of plugin '" + pluginId + "' that is still reachable; the JVM binds one library file to "
                        + "one loader only (close the earlier registry, or give each its own nativelib.cache.dir)");
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("cannot load " + path + ": " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot bind " + path + " to " + owner.getClassLoader() + ": " + e, e);
        }
    }

    /** A class loader that can define {@link JniBinderClass} inside itself. */
    public interface BinderSource {
        /** The loader's own {@code JniBinder} class, defined on first use. */
        Class<?> jniBinder();
    }

    private Optional<byte[]> readEntry(String name) {
        return PluginJarFile.readEntry(jar, name);
    }

    private List<String> entriesUnder(String prefix) {
        return PluginJarFile.filesUnder(jar, prefix);
    }

    /** Drops the deep-bind handles; the JVM unmaps a library once its loader is collected as well. */
    @Override
    public synchronized void close() {
        handles.forEach(DeepBind::close);
        handles.clear();
    }
}
