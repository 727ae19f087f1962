package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LifecycleTest {

    @Test
    void idleMinutesAllowFractionsAndRefuseWhatIsNotATime() {
        assertThat(Lifecycle.idleOf("15")).isEqualTo(Duration.ofMinutes(15));
        assertThat(Lifecycle.idleOf(" 0.5 ")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Lifecycle.idleOf("0.0001")).as("at least 100 ms").isEqualTo(Duration.ofMillis(100));
        for (String bad : new String[] {"0", "-1", "NaN", "soon", "20000"}) {
            assertThatThrownBy(() -> Lifecycle.idleOf(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("server.idle.minutes=" + bad);
        }
    }

    @Test
    void aServerRunningACommandNeverExitsAndAnIdleOneExitsWhenAskedOrAfterItsIdleTime() throws Exception {
        ServerState state = new ServerState(Path.of("/tmp/s.sock"), "b", "");
        Lifecycle lifecycle = new Lifecycle(state, Duration.ofMillis(200), new PrintStream(new ByteArrayOutputStream()));

        state.requestStarted();
        state.stopWhenIdle();
        assertThat(lifecycle.exitReason()).isEmpty();
        state.requestEnded();
        assertThat(lifecycle.exitReason()).hasValue("asked to exit when idle");

        ServerState quiet = new ServerState(Path.of("/tmp/s.sock"), "b", "");
        Lifecycle idle = new Lifecycle(quiet, Duration.ofMillis(200), new PrintStream(new ByteArrayOutputStream()));
        assertThat(idle.exitReason()).isEmpty();
        Thread.sleep(250);
        assertThat(idle.exitReason()).hasValueSatisfying(why -> assertThat(why).startsWith("no request for 0.2 s"));
    }
}
