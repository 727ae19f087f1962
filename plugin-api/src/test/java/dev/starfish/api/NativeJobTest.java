package dev.starfish.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The template: a job supplies the argv of one step; the base class resolves, builds and runs. */
class NativeJobTest {

    @TempDir
    Path workDir;

    @JobSpec(kind = JobKind.NATIVE, tool = "each_tool", perSubgraph = true)
    static final class EachSubgraph extends NativeJob {
        @Override
        protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
            return List.of(executable.toString(), input.name());
        }

        @Override
        protected void configure(Command.Builder command, JobOptions options) {
            command.exposeStderr(true);
        }
    }

    @JobSpec(kind = JobKind.NATIVE, tool = "once_tool")
    static final class Once extends NativeJob {
        @Override
        protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
            return List.of(executable.toString(), String.valueOf(state.inputs().size()));
        }
    }

    private JobState twoSubgraphs() {
        JobState state = new JobState(workDir.resolve("m.hlo"), workDir, workDir);
        state.setInputs(List.of(new Subgraph("sg00", workDir.resolve("sg00")), new Subgraph("sg01", workDir.resolve("sg01"))));
        return state;
    }

    @Test
    void aPerSubgraphJobRunsOneResolvedCommandPerSubgraphInItsDirectory() {
        Recording context = new Recording();
        new EachSubgraph().run(twoSubgraphs(), context);

        assertThat(context.resolved).containsExactly("each_tool", "each_tool");
        assertThat(context.commands).extracting(Command::argv).containsExactly(
                List.of("/opt/bin/each_tool", "sg00"), List.of("/opt/bin/each_tool", "sg01"));
        assertThat(context.commands).extracting(Command::replayName).containsExactly("EachSubgraph_sg00", "EachSubgraph_sg01");
        assertThat(context.commands).extracting(Command::workingDir)
                .containsExactly(workDir.resolve("sg00"), workDir.resolve("sg01"));
        assertThat(context.commands).allSatisfy(c -> assertThat(c.exposeStderr()).as("configure applied").isTrue());
    }

    @Test
    void aOnceJobRunsOneCommandInTheWorkDirectoryNamedAfterTheJob() {
        Recording context = new Recording();
        new Once().run(twoSubgraphs(), context);

        assertThat(context.commands).singleElement().satisfies(command -> {
            assertThat(command.argv()).containsExactly("/opt/bin/once_tool", "2");
            assertThat(command.workingDir()).isEqualTo(workDir);
            assertThat(command.replayName()).isEqualTo("Once");
        });
    }

    @Test
    void commandBuildsWithoutRunning() {
        Recording context = new Recording();
        JobState state = twoSubgraphs();
        Command command = new EachSubgraph().command(state.inputs().get(1), state, context);

        assertThat(command.toShellLine()).isEqualTo("cd " + workDir.resolve("sg01") + " && exec /opt/bin/each_tool sg01");
        assertThat(context.commands).as("building a command runs nothing").isEmpty();
    }

    /** A context whose launcher records what it is asked to do. */
    private static final class Recording implements JobContext, Launcher {
        final List<String> resolved = new ArrayList<>();
        final List<Command> commands = new ArrayList<>();

        @Override public Launcher launcher() { return this; }
        @Override public Logger log() { return LogManager.getLogger("NativeJobTest"); }
        @Override public JobOptions options() { return JobOptions.empty(); }
        @Override public void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action) { inputs.forEach(action); }

        @Override
        public Path resolve(String toolName) {
            resolved.add(toolName);
            return Path.of("/opt/bin").resolve(toolName);
        }

        @Override
        public ProcessResult run(Command command) {
            commands.add(command);
            return null;
        }
    }
}
