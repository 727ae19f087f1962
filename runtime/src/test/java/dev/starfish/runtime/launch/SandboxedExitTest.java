package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How bwrap's exit is read back as its tool's. */
class SandboxedExitTest {

    private static final Command TOOL = Command.builder("Tool", Path.of("/w"), List.of("/opt/sf/bin/tool")).build();

    @Test
    void anExitOf128PlusSIsSignalS() {
        ToolEnding ending = SandboxedExit.of(exited(139, 0), TOOL, "");

        assertThat(ending.status()).isEqualTo(ExitStatus.signaled(11, "SIGSEGV"));
        assertThat(ending.report().orElseThrow().cpuLimitExceeded()).isFalse();
    }

    @Test
    void sigxcpuAndASigkillPastTheCpuLimitAreTheCpuLimit() {
        Command limited = Command.builder("Tool", Path.of("/w"), List.of("/opt/sf/bin/tool")).cpuLimitSeconds(1).build();

        assertThat(SandboxedExit.of(exited(128 + 24, 990), limited, "").report().orElseThrow().cpuLimitExceeded())
                .isTrue();
        assertThat(SandboxedExit.of(exited(128 + 9, 1000), limited, "").report().orElseThrow().cpuLimitExceeded())
                .isTrue();
        assertThat(SandboxedExit.of(exited(128 + 9, 10), limited, "").report().orElseThrow().cpuLimitExceeded())
                .isFalse();
    }

    @Test
    void otherExitsAndRealSignalsAreLeftAsTheyAre() {
        assertThat(SandboxedExit.of(exited(3, 0), TOOL, "").status()).isEqualTo(ExitStatus.exited(3));
        assertThat(SandboxedExit.of(exited(128, 0), TOOL, "").status()).isEqualTo(ExitStatus.exited(128));
        assertThat(SandboxedExit.of(exited(1, 0), TOOL, "tool: bad input").status()).isEqualTo(ExitStatus.exited(1));
    }

    @Test
    void bwrapsFailedExecIsCouldNotStart() {
        ToolEnding ending = SandboxedExit.of(exited(1, 0), TOOL,
                "bwrap: execvp /opt/sf/bin/tool: No such file or directory");

        assertThat(ending.status().kind()).isEqualTo(ExitStatus.Kind.FAILED_TO_START);
        assertThat(ending.failure()).isEqualTo("execv: No such file or directory");
    }

    @Test
    void realTimeSignalsAreNamedAsTheShimNamesThem() {
        assertThat(SandboxedExit.name(34)).isEqualTo("SIGRTMIN+0");
        assertThat(SandboxedExit.name(37)).isEqualTo("SIGRTMIN+3");
        assertThat(SandboxedExit.name(15)).isEqualTo("SIGTERM");
    }

    private static ToolEnding exited(int code, long cpuMillis) {
        return ToolEnding.of(new ShimReport(ExitStatus.exited(code), cpuMillis, 0, 1000, 5, false, false, ""));
    }
}
