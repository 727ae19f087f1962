package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CacheSettings;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Terminal;
import dev.starfish.runtime.invocation.Umask;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --cache-dir over cache.dir over the default; bad settings are one line naming the file and the key. */
class CacheOptionsTest {

    @TempDir
    Path tmp;

    private static final Invocation INVOCATION = new Invocation(Path.of("/work"), Map.of("HOME", "/home/u"),
            InputStream.nullInputStream(), new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(OutputStream.nullOutputStream()), Terminal.none(), new Cancellation(), Umask.USUAL);

    private StarfishProperties conf(String text) throws IOException {
        return StarfishProperties.load(Files.writeString(tmp.resolve("starfish.properties"), text));
    }

    @Test
    void theCommandLineWinsOverTheConfigurationWhichWinsOverTheDefault() throws IOException {
        CacheOptions options = new CacheOptions();
        CacheSettings defaults = options.settings(conf(""), INVOCATION);
        assertThat(defaults.directory().toString()).endsWith("/compile");
        assertThat(defaults.maxBytes()).isEqualTo(10L * 1024 * 1024 * 1024);
        assertThat(defaults.lockStaleAfter()).isEqualTo(Duration.ofSeconds(120));
        CacheSettings configured = options.settings(conf("cache.dir=/srv/cache\ncache.max.bytes=0\n"
                + "cache.lock.stale.seconds=30\n"), INVOCATION);
        assertThat(configured.directory()).isEqualTo(Path.of("/srv/cache"));
        assertThat(configured.maxBytes()).isZero();
        assertThat(configured.lockStaleAfter()).isEqualTo(Duration.ofSeconds(30));
        options.cacheDir = "/given";
        assertThat(options.settings(conf("cache.dir=/srv/cache\n"), INVOCATION).directory()).isEqualTo(Path.of("/given"));
    }

    @Test
    void aBadSettingIsOneLineNamingTheFileAndTheKey() throws IOException {
        CacheOptions options = new CacheOptions();
        Path file = tmp.resolve("starfish.properties");
        assertThatThrownBy(() -> options.settings(conf("cache.max.bytes=lots\n"), INVOCATION)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": cache.max.bytes expects an integer, found 'lots'");
        assertThatThrownBy(() -> options.settings(conf("cache.max.bytes=-1\n"), INVOCATION)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": cache.max.bytes expects 0 (no cap) or a positive number of bytes, found -1");
        assertThatThrownBy(() -> options.settings(conf("cache.lock.stale.seconds=0\n"), INVOCATION))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": cache.lock.stale.seconds expects a positive number of seconds, found 0");
    }
}
