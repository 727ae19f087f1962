package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;

/** A plugin whose loader is open; closing it releases the loader. */
public final class LoadedPlugin implements AutoCloseable {

    private final PluginInfo info;
    private final JobClassLoader loader;

    public LoadedPlugin(PluginInfo info, JobClassLoader loader) {
        this.info = requireNonNull(info, "info is null");
        this.loader = requireNonNull(loader, "loader is null");
    }

    public PluginInfo info() {
        return info;
    }

    public JobClassLoader loader() {
        return loader;
    }

    @Override
    public void close() {
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
