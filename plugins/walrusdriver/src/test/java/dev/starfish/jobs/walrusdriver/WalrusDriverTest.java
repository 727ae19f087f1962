package dev.starfish.jobs.walrusdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobState;
import dev.starfish.api.Launcher;
import dev.starfish.api.ProcessResult;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalrusDriverTest {

    private static final Path TOOL = Path.of("/opt/starfish/bin/walrus_driver");

    @TempDir
    Path workDir;

    @Test
    void declaresItTurnsPenguinIntoBirPerSubgraph() {
        JobDeclaration declaration = JobDeclaration.of(WalrusDriver.class);
        assertThat(declaration.consumes()).containsExactly("penguin");
        assertThat(declaration.produces()).containsExactly("bir");
        assertThat(declaration.perSubgraph()).isTrue();
    }

    @Test
    void declaresNativeKindAndBareToolName() {
        WalrusDriver job = new WalrusDriver();
        assertThat(JobDeclaration.of(WalrusDriver.class).kind()).isEqualTo(JobKind.NATIVE);
        assertThat(JobDeclaration.of(WalrusDriver.class).tool()).contains("walrus_driver");
        assertThat(job.name()).isEqualTo("WalrusDriver");
    }

    @Test
    void declaresBufferBytesAsIntegerOptionWithoutDefault() {
        assertThat(JobDeclaration.of(WalrusDriver.class).options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("--buffer-bytes");
            assertThat(option.paramLabel()).isEqualTo("BYTES");
            assertThat(option.type()).isEqualTo(JobOption.Type.INTEGER);
            assertThat(option.defaultValue()).isEmpty();
        });
    }

    @Test
    void argvWithoutBufferBytesCompilesPenguinToBir() {
        assertThat(WalrusDriver.argv(TOOL, OptionalLong.empty()))
                .containsExactly(TOOL.toString(), "model.penguin", "-o", "model.bir");
    }

    @Test
    void argvPassesBufferBytesWhenGiven() {
        assertThat(WalrusDriver.argv(TOOL, OptionalLong.of(4096)))
                .containsExactly(TOOL.toString(), "model.penguin", "-o", "model.bir", "--buffer-bytes", "4096");
    }

    @Test
    void nonPositiveBufferBytesIsInvalidInput() {
        JobOptions options = new JobOptions(Map.of("--buffer-bytes", List.of("0")));
        assertThatThrownBy(() -> WalrusDriver.bufferBytes(options))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--buffer-bytes");
    }

    @Test
    void runResolvesToolAndRunsOneCommandPerSubgraphWithItsOwnReplayName() {
        JobState state = new JobState(workDir.resolve("model.hlo"), workDir, workDir);
        state.setInputs(List.of(new Subgraph("sg00", workDir.resolve("sg00")), new Subgraph("sg01", workDir.resolve("sg01"))));
        RecordingContext context = new RecordingContext(new JobOptions(Map.of("--buffer-bytes", List.of("64"))));

        new WalrusDriver().run(state, context);

        assertThat(context.resolved).containsExactly("walrus_driver", "walrus_driver");
        assertThat(context.commands).extracting(Command::replayName)
                .containsExactlyInAnyOrder("WalrusDriver_sg00", "WalrusDriver_sg01");
        assertThat(context.commands).allSatisfy(command -> {
            assertThat(command.job()).isEqualTo("WalrusDriver");
            assertThat(command.argv()).endsWith("--buffer-bytes", "64");
            assertThat(command.useShell()).isFalse();
        });
    }

    @Test
    void singleSubgraphKeepsTheJobNameAsReplayName() {
        JobState state = new JobState(workDir.resolve("model.hlo"), workDir, workDir);
        state.setInputs(List.of(new Subgraph("sg00", workDir.resolve("sg00"))));
        RecordingContext context = new RecordingContext(JobOptions.empty());

        new WalrusDriver().run(state, context);

        assertThat(context.commands).singleElement().satisfies(command -> {
            assertThat(command.replayName()).isEqualTo("WalrusDriver");
            assertThat(command.workingDir()).isEqualTo(workDir.resolve("sg00"));
        });
    }

    /** A context whose launcher records what it is asked to do. */
    private static final class RecordingContext implements JobContext, Launcher {
        final List<String> resolved = new ArrayList<>();
        final List<Command> commands = new ArrayList<>();
        private final JobOptions options;

        RecordingContext(JobOptions options) {
            this.options = options;
        }

        @Override public Launcher launcher() { return this; }
        @Override public Logger log() { return LogManager.getLogger("WalrusDriver"); }
        @Override public JobOptions options() { return options; }
        @Override public void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action) { inputs.forEach(action); }

        @Override
        public synchronized Path resolve(String toolName) {
            resolved.add(toolName);
            return Path.of("/opt/starfish/bin").resolve(toolName);
        }

        @Override
        public synchronized ProcessResult run(Command command) {
            commands.add(command);
            return null;
        }
    }
}
