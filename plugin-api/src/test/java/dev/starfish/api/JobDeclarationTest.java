package dev.starfish.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobDeclarationTest {

    @JobSpec(kind = JobKind.NATIVE, tool = "walrus_driver")
    @JobOptionSpec(name = "--buffer-bytes", type = JobOption.Type.INTEGER, paramLabel = "BYTES", description = "Size.")
    @JobOptionSpec(name = "--quiet", type = JobOption.Type.FLAG, description = "Hush.", defaultValue = "false")
    static final class Declared extends NativeJob {
    }

    @JobSpec(kind = JobKind.IN_PROCESS)
    static final class InProcessButNative extends NativeJob {
    }

    static final class Undeclared extends InProcessJob {
    }

    @Test
    void reflectionReadsKindToolAndOptionsInOrder() {
        assertThat(JobDeclaration.of(Declared.class)).isEqualTo(new JobDeclaration("Declared", JobKind.NATIVE,
                Optional.of("walrus_driver"), List.of(new JobOption("--buffer-bytes", "BYTES", "Size.", "", JobOption.Type.INTEGER),
                        new JobOption("--quiet", "", "Hush.", "false", JobOption.Type.FLAG))));
    }

    @Test
    void aNativeJobTakesItsToolFromItsDeclaration() {
        assertThat(new Declared().tool()).isEqualTo("walrus_driver");
    }

    @Test
    void aNativeJobDeclaredInProcessCannotBeCreated() {
        assertThatThrownBy(InProcessButNative::new).isInstanceOf(IllegalStateException.class)
                .hasMessage("job InProcessButNative extends NativeJob but is declared in-process: expected "
                        + "@JobSpec(kind = JobKind.NATIVE, tool = ...)");
    }

    @Test
    void aClassWithoutJobSpecHasNoDeclaration() {
        assertThatThrownBy(() -> JobDeclaration.of(Undeclared.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("job class dev.starfish.api.JobDeclarationTest$Undeclared has no @dev.starfish.api.JobSpec "
                        + "annotation: declare its kind (and tool) with it");
    }

    @Test
    void inconsistentDeclarationsAreRejectedNamingTheJob() {
        assertThatThrownBy(() -> new JobDeclaration("A", JobKind.IN_PROCESS, Optional.of("tool"), List.of()))
                .hasMessage("job A is declared in-process but names the tool 'tool': only a native job spawns a tool");
        assertThatThrownBy(() -> new JobDeclaration("B", JobKind.NATIVE, Optional.of("bin/tool"), List.of()))
                .hasMessage("job B must declare a bare tool name, found 'bin/tool'");
        assertThatThrownBy(() -> new JobDeclaration("C", JobKind.NATIVE, Optional.empty(), List.of()))
                .hasMessage("job C is declared native but names no tool: expected "
                        + "@JobSpec(kind = NATIVE, tool = \"<bare tool name>\")");
        JobOption flag = JobOption.flag("--x", "X.");
        assertThatThrownBy(() -> new JobDeclaration("D", JobKind.IN_PROCESS, Optional.empty(), List.of(flag, flag)))
                .hasMessage("job D declares the option --x twice");
    }

    @Test
    void anEmptyToolValueMeansNoTool() {
        assertThat(JobDeclaration.toolOf("")).isEmpty();
        assertThat(JobDeclaration.toolOf("t")).contains("t");
    }
}
