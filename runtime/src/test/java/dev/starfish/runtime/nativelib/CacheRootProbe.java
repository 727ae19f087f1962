package dev.starfish.runtime.nativelib;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM: prints the default cache root ({@code configured=}), the root the cache
 * really uses ({@code usable=}) and that root's mode ({@code mode=}), then exits, so the test can
 * check what it chose and that a temporary fallback is gone after exit.
 */
public final class CacheRootProbe {

    private CacheRootProbe() {
    }

    public static void main(String[] args) throws Exception {
        NativeSettings settings = NativeSettings.plain(NativeSettings.defaultCacheRoot());
        Path usable = settings.usableCacheRoot();
        System.out.println("configured=" + settings.cacheRoot());
        System.out.println("usable=" + usable);
        System.out.println("mode=" + java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(usable)));
    }
}
