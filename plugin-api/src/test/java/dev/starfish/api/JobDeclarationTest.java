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
    void anArtifactNameIsCheckedForItsFormHereAndForItsDeclarationByThePlan() {
        assertThatThrownBy(() -> new JobDeclaration("E", JobKind.IN_PROCESS, Optional.empty(), List.of(),
                List.of("Bit Code"), List.of(), false, Optional.empty(), ""))
                .hasMessage("job E consumes 'Bit Code', which is no artifact name: expected a name of "
                        + "dev.starfish.api.Artifacts or of an @ArtifactSpec (lower-case letters, digits and dashes)");
        assertThatThrownBy(() -> new JobDeclaration("E", JobKind.IN_PROCESS, Optional.empty(), List.of(),
                List.of(), List.of("bir", "bir"), false, Optional.empty(), ""))
                .hasMessage("job E produces 'bir' twice");
        assertThat(new JobDeclaration("E", JobKind.IN_PROCESS, Optional.empty(), List.of(), List.of("op-counts"),
                List.of(), false, Optional.empty(), "").consumes()).as("another plugin may declare it").containsExactly(
                        "op-counts");
    }

    @JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.SUBGRAPHS, produces = {"op-counts", "op-dumps"})
    @ArtifactSpec(name = "op-counts", scope = Artifacts.Scope.SUBGRAPH, files = "op_counts.json", packed = true)
    @ArtifactSpec(name = "op-dumps", scope = Artifacts.Scope.WORK_DIR, files = "op_dumps/", intermediate = false)
    static final class Declaring extends InProcessJob {
    }

    @Test
    void reflectionReadsThePluginsOwnArtifactsWithTheirDefaults() {
        assertThat(JobDeclaration.of(Declaring.class).declares()).containsExactly(
                new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH, List.of("op_counts.json"), true, false, true),
                new Artifacts.Artifact("op-dumps", Artifacts.Scope.WORK_DIR, List.of("op_dumps/"), false, false, false));
        assertThat(JobDeclaration.of(OnRequest.class).declares()).isEmpty();
    }

    @Test
    void aDeclaredArtifactMustBeAPluginsNamedOnceAndStayInsideItsDirectory() {
        Artifacts.Artifact hostPath = new Artifacts.Artifact("mine", Artifacts.Scope.HOST_PATH, List.of(), false, false);
        assertThatThrownBy(() -> new JobDeclaration("H", JobKind.IN_PROCESS, Optional.empty(), List.of(), List.of(),
                List.of(), false, Optional.empty(), "", List.of(hostPath)))
                .hasMessageStartingWith("job H declares the artifact 'mine' as a host's");
        Artifacts.Artifact counts = new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH, List.of("c.json"),
                true, false);
        assertThatThrownBy(() -> new JobDeclaration("H", JobKind.IN_PROCESS, Optional.empty(), List.of(), List.of(),
                List.of(), false, Optional.empty(), "", List.of(counts, counts)))
                .hasMessage("job H declares the artifact 'op-counts' twice");
        for (String escape : List.of("../x.json", "/etc/passwd", "a/../../b", "./a", "a//b", "")) {
            assertThatThrownBy(() -> new Artifacts.Artifact("x", Artifacts.Scope.WORK_DIR, List.of(escape), true, false))
                    .as(escape).hasMessageStartingWith("artifact 'x' names the file '" + escape + "': expected a "
                            + "relative path inside its directory");
        }
        assertThatThrownBy(() -> new Artifacts.Artifact("x", Artifacts.Scope.SUBGRAPH, List.of("d/"), true, false, true))
                .hasMessageStartingWith("artifact 'x' is packed into the NEFF but names the directory 'd/'");
        assertThatThrownBy(() -> new Artifacts.Artifact("x", Artifacts.Scope.SUBGRAPH, List.of(), true, false))
                .hasMessageStartingWith("artifact 'x' of scope SUBGRAPH names no file");
        assertThatThrownBy(() -> new Artifacts.Artifact("Op_Counts", Artifacts.Scope.SUBGRAPH, List.of("c"), true, false))
                .hasMessageStartingWith("artifact name 'Op_Counts' is not plain");
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
