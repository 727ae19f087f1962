package dev.starfish.api;

import java.nio.file.Path;

/**
 * Implemented by the host's job class loaders: loads a JNI library bundled in the plugin
 * jar for a class of that plugin. Jobs call {@link NativeLibrary#load} rather than this.
 */
public interface NativeLibraryHost {

    /**
     * Extracts {@code native/linux-x86_64/lib<name>.so} from the plugin jar of {@code owner}
     * into the plugin's content-addressed cache and binds it to {@code owner}'s loader.
     *
     * @return the extracted library's path
     */
    Path loadNativeLibrary(Class<?> owner, String libraryName);
}
