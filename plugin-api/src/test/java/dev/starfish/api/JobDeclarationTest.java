package dev.starfish.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobDeclarationTest {

    @JobSpec(kind = JobKind.NATIVE, tool = "walrus_driver")
    @JobOptionSpec(name = "--buffer-bytes", type = JobOption.Type.INTEGER, paramLabel = "BYTES", description = "Size.")
    @JobOptionSpec(name = "--quiet", type = JobOption.Type.FLAG, description = "Hush.", defaultValue = "false")
    static final class Declared extends NativeJob {
        @Override
        protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
            return List.of(executable.toString());
        }
    }

    @JobSpec(kind = JobKind.IN_PROCESS)
    static final class InProcessButNative extends NativeJob {
        @Override
        protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
            return List.of(executable.toString());
        }
    }

    @JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.BIR, produces = {Artifacts.KERNEL_GRAPH},
            perSubgraph = true, enabledBy = "--link", action = "link")
    @JobOptionSpec(name = "--link", type = JobOption.Type.FLAG, description = "Link.")
    static final class OnRequest extends InProcessJob {
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
    void reflectionReadsArtifactsScopeAndTheEnablingOption() {
        JobDeclaration declaration = JobDeclaration.of(OnRequest.class);
        assertThat(declaration.consumes()).containsExactly("bir");
        assertThat(declaration.produces()).containsExactly("kernel-graph");
        assertThat(declaration.perSubgraph()).isTrue();
        assertThat(declaration.enabledBy()).contains("--link");
        assertThat(declaration.onRequest()).contains("on request (--link)");
        assertThat(declaration.action()).isEqualTo("link");
    }

    @Test
    void anUnknownArtifactIsRefusedNamingTheJobAndTheKnownNames() {
        assertThatThrownBy(() -> new JobDeclaration("E", JobKind.IN_PROCESS, Optional.empty(), List.of(),
                List.of("bitcode"), List.of(), false, Optional.empty(), ""))
                .hasMessageStartingWith("job E consumes the unknown artifact 'bitcode': expected one of model, "
                        + "compile-record, subgraphs, penguin, bir,");
        assertThatThrownBy(() -> new JobDeclaration("E", JobKind.IN_PROCESS, Optional.empty(), List.of(),
                List.of(), List.of("bir", "bir"), false, Optional.empty(), ""))
                .hasMessage("job E produces 'bir' twice");
    }

    @Test
    void anEnablingOptionMustBeTheJobsOwnAndHaveNoDefault() {
        assertThatThrownBy(() -> new JobDeclaration("F", JobKind.IN_PROCESS, Optional.empty(), List.of(), List.of(),
                List.of(), false, Optional.of("--go"), ""))
                .hasMessage("job F is enabled by --go, which is not one of its own options: declare it with @JobOptionSpec");
        JobOption defaulted = JobOption.string("--go", "X", "Go.", "yes");
        assertThatThrownBy(() -> new JobDeclaration("G", JobKind.IN_PROCESS, Optional.empty(), List.of(defaulted),
                List.of(), List.of(), false, Optional.of("--go"), ""))
                .hasMessage("job G is enabled by --go, which has the default 'yes': an enabling option must have no default");
    }

    @Test
    void anEmptyToolValueMeansNoTool() {
        assertThat(JobDeclaration.toolOf("")).isEmpty();
        assertThat(JobDeclaration.toolOf("t")).contains("t");
    }
}
