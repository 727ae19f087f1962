package dev.starfish.penguin;

import dev.starfish.api.NativeLibrary;

/**
 * The JNI entry points of {@code libpenguin.so}, the in-process HLO front end.
 *
 * <p>Every plugin that uses this class bundles its own copy of it together with its own
 * build of the library at {@code native/linux-x86_64/libpenguin.so}; the host loads each
 * copy in the plugin's own class loader, so two plugins may carry two different penguin
 * versions in one driver. Call {@link #ensureLoaded()} before any native method.
 *
 * <p>The {@code fileName} arguments are used only to name the input in error messages.
 */
public final class Penguin {

    /** Whether this class loader's copy of the library is loaded; guarded by the class lock. */
    private static boolean loaded;

    private Penguin() {
    }

    /**
     * Loads {@code libpenguin.so} bundled with the calling plugin, once per class loader.
     *
     * @throws IllegalStateException when this class was not loaded by a Starfish job loader
     */
    public static synchronized void ensureLoaded() {
        if (!loaded) {
            NativeLibrary.load(Penguin.class, "penguin");
            loaded = true;
        }
    }

    /** The version of the penguin library, e.g. {@code 1} or {@code 2}. */
    public static native int version();

    /**
     * Checks an HLO module.
     *
     * @return {@code null} when the module is valid, else {@code <fileName>:<line>:<col>: <message>}
     */
    public static native String check(String hloText, String fileName);

    /**
     * Splits an HLO module into its subgraphs: one per element of a tuple-valued ENTRY
     * {@code ROOT}, else one.
     *
     * @return one standalone HLO module text per subgraph, in order
     * @throws IllegalArgumentException with the {@link #check} message when the module is invalid
     */
    public static native String[] partition(String hloText, String fileName);

    /**
     * The signature of an HLO module as JSON:
     * {@code {"parameters":[{"name":..,"shape":[..]}],"outputs":[{"name":..,"shape":[..]}]}}.
     */
    public static native String signature(String hloText, String fileName);

    /** The SHA-256 of {@code data}, as 64 lower-case hex digits. */
    public static native String sha256(byte[] data);

    /** A diagnostic entry point of the library (used by the isolation tests). */
    public static native int helper();
}
