package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.plugin.PluginInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A plugin the registry admitted. Its loader is opened on first use ({@link #loader()}), so a
 * plugin none of whose jobs runs costs neither a loader nor a read of its jar; closing releases
 * the loader if it was opened. Thread-safe.
 */
public final class LoadedPlugin implements AutoCloseable {

    private final PluginInfo info;
    private final Supplier<JobClassLoader> opener;
    private final boolean bundlesTools;
    private JobClassLoader loader;

    /** A plugin whose loader is already open. */
    public LoadedPlugin(PluginInfo info, JobClassLoader loader) {
        this(info, () -> loader, true);
        this.loader = requireNonNull(loader, "loader is null");
    }

    /** A plugin whose loader {@code opener} opens when first needed; {@code bundlesTools} as its jar says. */
    LoadedPlugin(PluginInfo info, Supplier<JobClassLoader> opener, boolean bundlesTools) {
        this.info = requireNonNull(info, "info is null");
        this.opener = requireNonNull(opener, "opener is null");
        this.bundlesTools = bundlesTools;
    }

    public PluginInfo info() {
        return info;
    }

    /** The plugin's class loader, opened on the first call. */
    public synchronized JobClassLoader loader() {
        if (loader == null) {
            loader = opener.get();
        }
        return loader;
    }

    /** Whether the loader has been opened. */
    public synchronized boolean isOpen() {
        return loader != null;
    }

    /** Where the plugin's bundled tools are extracted; empty, without opening anything, when it bundles none. */
    public Optional<Path> bundledToolsDir() {
        return bundlesTools ? loader().bundledToolsDir() : Optional.empty();
    }

    /** A native file the plugin's loader extracted that changed on disk since; empty when none or not opened. */
    public synchronized Optional<Path> nativeFileChangedSinceExtracted() {
        return loader == null ? Optional.empty() : loader.natives().changedSinceExtracted();
    }

    @Override
    public synchronized void close() {
        if (loader == null) {
            return;
        }
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the loader of plugin " + info.id(), e);
        }
    }

    @Override
    public String toString() {
        return info.id() + "@" + info.version() + " (" + info.jarName() + ")";
    }
}
