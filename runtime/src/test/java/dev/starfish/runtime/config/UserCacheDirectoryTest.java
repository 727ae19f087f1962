package dev.starfish.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserCacheDirectoryTest {

    @Test
    void starfishCacheDirComesFirst() {
        assertThat(UserCacheDirectory.of(Map.of("STARFISH_CACHE_DIR", "/c", "XDG_CACHE_HOME", "/x", "HOME", "/h")))
                .isEqualTo(Path.of("/c"));
    }

    @Test
    void xdgCacheHomeComesBeforeHome() {
        assertThat(UserCacheDirectory.of(Map.of("XDG_CACHE_HOME", "/x", "HOME", "/h")))
                .isEqualTo(Path.of("/x/starfish"));
    }

    @Test
    void homeIsTheEnvironmentsNotThePasswordDatabases() {
        assertThat(UserCacheDirectory.of(Map.of("HOME", "/h"))).isEqualTo(Path.of("/h/.cache/starfish"));
    }

    @Test
    void relativeOrEmptyValuesAreIgnored() {
        assertThat(UserCacheDirectory.of(Map.of("STARFISH_CACHE_DIR", " ", "XDG_CACHE_HOME", "rel", "HOME", "/h")))
                .isEqualTo(Path.of("/h/.cache/starfish"));
        assertThat(UserCacheDirectory.of(Map.of("HOME", "relative")))
                .isEqualTo(Path.of(System.getProperty("user.home")).resolve(".cache/starfish"));
    }
}
