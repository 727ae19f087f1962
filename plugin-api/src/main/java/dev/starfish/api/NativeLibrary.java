package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * Loads a JNI library that a job plugin bundles as {@code native/linux-x86_64/lib<name>.so}.
 * Two plugins may bundle libraries of the same name exporting the same symbols: each is
 * extracted to its plugin's own cache directory, bound to its plugin's own class loader,
 * and (by default) opened with {@code RTLD_DEEPBIND} so its calls to its own symbols cannot
 * be captured by a global definition. See {@code docs/isolation.md}.
 */
public final class NativeLibrary {

    private NativeLibrary() {
    }

    /**
     * Loads {@code lib<name>.so} for {@code owner}, a class of the calling plugin, e.g.
     * {@code NativeLibrary.load(Penguin.class, "penguin")}.
     *
     * @return the path the library was loaded from
     * @throws IllegalStateException when {@code owner} was not loaded by a Starfish job loader
     */
    public static Path load(Class<?> owner, String name) {
        requireNonNull(owner, "owner is null");
        requireNonNull(name, "name is null");
        if (owner.getClassLoader() instanceof NativeLibraryHost host) {
            return host.loadNativeLibrary(owner, name);
        }
        throw new IllegalStateException("cannot load native library '" + name + "' for " + owner.getName()
                + ": it was loaded by " + owner.getClassLoader() + ", not by a Starfish job loader");
    }
}
