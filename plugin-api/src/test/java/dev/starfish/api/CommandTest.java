package dev.starfish.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Command} as a value: its shell line and what it refuses. */
class CommandTest {

    private static final Path WORK = Path.of("/work/sg00");

    @Test
    void environmentIsSetAsAShellPrefixSoAToolPathWithEqualsIsNotTakenForAnAssignment() {
        Command command = Command.builder("WalrusDriver", WORK, List.of("/x/a=b/tool", "--opt=1"))
                .env("B", "two words").env("A", "1").removeEnv("HOME").removeEnv("DISPLAY").build();

        assertThat(command.toShellLine())
                .isEqualTo("cd /work/sg00 && unset DISPLAY HOME && A=1 B='two words' exec /x/a=b/tool --opt=1");
    }

    @Test
    void aCommandWithoutEnvironmentChangesIsAPlainExec() {
        Command command = Command.builder("Echo", WORK, List.of("/bin/echo", "it's")).build();

        assertThat(command.toShellLine()).isEqualTo("cd /work/sg00 && exec /bin/echo 'it'\"'\"'s'");
    }

    @Test
    void anArgumentWithANulByteIsRefusedNamingIt() {
        assertThatThrownBy(() -> Command.builder("Nul", WORK, List.of("/bin/echo", "a\0b")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("argument 'a\\0b' of job Nul contains a NUL byte, which exec cannot pass; remove it from"
                        + " the argument");
    }

    @Test
    void aVariableNameAShellCannotSetIsRefused() {
        assertThatThrownBy(() -> Command.builder("Env", WORK, List.of("/bin/true")).env("a.b", "1").build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("environment variable name 'a.b' of job Env is invalid: expected letters, digits and"
                        + " underscores, not starting with a digit (a name a replay script can set and unset)");
        assertThatThrownBy(() -> Command.builder("Env", WORK, List.of("/bin/true")).removeEnv("1X").build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'1X'");
    }

    @Test
    void aVariableValueWithANulByteIsRefused() {
        assertThatThrownBy(() -> Command.builder("Env", WORK, List.of("/bin/true")).env("A", "x\0y").build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("environment variable A of job Env has a value containing a NUL byte, which exec cannot"
                        + " pass; remove it from the value");
    }

    @Test
    void statusesAreDescribedAsExitStatusOrSignal() {
        assertThat(ExitStatus.exited(1).describe()).isEqualTo("exit status 1");
        assertThat(ExitStatus.signaled(9, "SIGKILL").describe()).isEqualTo("killed by signal 9 (SIGKILL)");
        assertThat(ExitStatus.signaled(40, "").describe()).isEqualTo("killed by signal 40");
    }
}
