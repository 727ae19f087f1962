package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.ProcessResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Per-job wall-clock limits: the default, {@code timeout.<Job>} overrides, and a command's own limit. */
class ToolTimeoutsTest extends LauncherTestBase {

    private static final Map<String, String> PROPERTIES = Map.of("timeout.Slowpoke", "1", "timeout.Unlimited", "0",
            "timeout.Broken", "ten");

    private static ToolTimeouts fromProperties() {
        return ToolTimeouts.fromProperties(Duration.ofSeconds(3600), key -> Optional.ofNullable(PROPERTIES.get(key)),
                "conf/starfish.properties");
    }

    @Test
    void aJobsOverrideBeatsTheDefaultAndZeroMeansNoLimit() {
        ToolTimeouts timeouts = fromProperties();

        assertThat(timeouts.forJob("Slowpoke")).isEqualTo(Duration.ofSeconds(1));
        assertThat(timeouts.forJob("Unlimited")).isEqualTo(Duration.ZERO);
        assertThat(timeouts.forJob("WalrusDriver")).as("no override: the default").isEqualTo(Duration.ofHours(1));
        assertThat(ToolTimeouts.parseSeconds("timeout.X", "0.25", "here")).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void aTimeoutThatIsNotANumberIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> fromProperties().forJob("Broken")).isInstanceOf(InvalidInputException.class)
                .hasMessage("timeout.Broken=ten in conf/starfish.properties is not a timeout: expected a non-negative"
                        + " number of seconds such as 600 or 0.5 (0 = no limit)");
    }

    @Test
    void aNegativeOverrideIsRefusedNamingTheJob() {
        ToolTimeouts timeouts = ToolTimeouts.of(Duration.ofHours(1))
                .withOverrides(job -> Optional.of(Duration.ofSeconds(-1)));

        assertThatThrownBy(() -> timeouts.forJob("WalrusDriver")).isInstanceOf(InvalidInputException.class)
                .hasMessage("the timeout of job WalrusDriver is negative (-1 s); expected a number of seconds, 0 for"
                        + " no limit");
    }

    @Test
    void aToolExceedingItsJobsTimeoutIsKilled() throws Exception {
        String tag = uniqueSleep(3600);
        try (ProcessLauncher limited = new ProcessLauncher(launcher.settings().withTimeouts(fromProperties()),
                launcher.resolver())) {
            Command command = Command.builder("Slowpoke", work, List.of("/bin/sleep", tag)).build();

            assertThatThrownBy(() -> limited.run(command)).isInstanceOf(ChildProcessException.class)
                    .hasMessageStartingWith("Child process job \"Slowpoke\" exited abnormally! killed by signal 15"
                            + " (SIGTERM): wall-clock timeout of 1 s exceeded\n")
                    .satisfies(e -> assertThat(((ChildProcessException) e).result().timedOut()).isTrue());
            assertThat(ProcessTable.awaitGone(tag)).isEmpty();
        } finally {
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void aCommandsOwnTimeoutWinsAndOtherJobsGetTheDefault() {
        try (ProcessLauncher limited = new ProcessLauncher(launcher.settings().withTimeouts(fromProperties()),
                launcher.resolver())) {
            ProcessResult own = limited.run(sh("Slowpoke", "true").timeout(Duration.ofSeconds(7)).build());
            ProcessResult other = limited.run(sh("WalrusDriver", "true").build());

            assertThat(own.command().timeout()).isEqualTo(Duration.ofSeconds(7));
            assertThat(other.command().timeout()).isEqualTo(Duration.ofHours(1));
        }
    }
}
