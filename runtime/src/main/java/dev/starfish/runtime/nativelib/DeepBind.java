package dev.starfish.runtime.nativelib;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JNI shim {@code libstarfish-deepbind.so}: opens a library with
 * {@code dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND)} so that its references to
 * its own symbols bind inside it, before any global definition of the same name.
 */
public final class DeepBind {

    private DeepBind() {
    }

    /** Loads the shim itself into the host's loader; idempotent per path. */
    static void ensureShimLoaded(Path shim) {
        if (!Files.isRegularFile(shim)) {
            throw new IllegalStateException("the deep-bind JNI shim is missing: expected " + shim
                    + " (set nativelib.deepbind=false in conf/starfish.properties to bind without it)");
        }
        System.load(shim.toAbsolutePath().toString());
    }

    /** {@code dlopen} with {@code RTLD_DEEPBIND}; the handle keeps the library mapped until {@link #close}. */
    static native long open(String path);

    static native void close(long handle);
}
