package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.config.Setting;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's defaults have one owner, {@link Setting}; the shim's own default for use by hand agrees. */
class LauncherDefaultsTest {

    @TempDir
    Path home;

    @Test
    void forHomeTakesEveryDefaultFromTheSettingsTable() {
        LauncherSettings settings = LauncherSettings.forHome(home);

        assertThat(settings.maxConcurrentProcesses())
                .isEqualTo(Integer.parseInt(Setting.MAX_CONCURRENT_SPAWNS.defaultValue().orElseThrow()));
        assertThat(settings.defaultGrace())
                .isEqualTo(Duration.ofMillis(Long.parseLong(Setting.KILL_GRACE_MILLIS.defaultValue().orElseThrow())));
        assertThat(settings.timeouts().forJob("AnyJob"))
                .isEqualTo(Duration.ofSeconds(Long.parseLong(Setting.TOOL_TIMEOUT_SECONDS.defaultValue().orElseThrow())));
        assertThat(settings.spawnServer())
                .isEqualTo(Boolean.parseBoolean(Setting.SPAWN_SERVER.defaultValue().orElseThrow()));
    }

    @Test
    void theShimsDefaultGraceForUseByHandAgreesWithTheSetting() throws Exception {
        Process help = new ProcessBuilder(NativeTestBinaries.shim().toString(), "--help").start();
        String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(help.waitFor()).isZero();
        Matcher grace = Pattern.compile("default --grace: ([0-9.]+)").matcher(text);

        assertThat(grace.find()).as("starfish-exec --help prints its default grace: %s", text).isTrue();
        assertThat(new BigDecimal(grace.group(1)).movePointRight(3).longValueExact())
                .as("SF_DEFAULT_GRACE_S in options.h vs launcher.kill.grace.millis")
                .isEqualTo(Long.parseLong(Setting.KILL_GRACE_MILLIS.defaultValue().orElseThrow()));
    }

    @Test
    void theShimAlwaysGetsTheLaunchersGraceOnItsCommandLine() {
        Command noTimeout = Command.builder("Job", home, List.of("/bin/true")).build();

        assertThat(ShimCommandLine.of(Path.of("/x/starfish-exec"), noTimeout, Duration.ofMillis(250), Path.of("/r")))
                .containsExactly("/x/starfish-exec", "--grace", "0.25", "--report", "/r", "--", "/bin/true");
    }
}
