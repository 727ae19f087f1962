package com.example.starfish;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InProcessJob;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/**
 * An in-process job: writes {@code <workdir>/example_summary.json} with the model, its
 * subgraphs and the value of its own option {@code --example-greeting}, using the Jackson
 * this plugin bundles. It works on the whole compile at once, so it overrides
 * {@code runOnState}; a per-subgraph job overrides {@code runSingleInput} instead. It runs only
 * when a compile runs (-### prints its {@code action} and runs nothing).
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.SUBGRAPHS, produces = ExampleSummary.SUMMARY,
        action = "write example_summary.json")
// the plugin's own artifact: a later job (of any plugin) may consume "example-summary"; kept after the compile
@ArtifactSpec(name = ExampleSummary.SUMMARY, scope = Artifacts.Scope.WORK_DIR, files = ExampleSummary.OUTPUT,
        intermediate = false)
@JobOptionSpec(name = "--example-greeting", type = JobOption.Type.STRING, paramLabel = "TEXT",
        description = "Greeting ExampleSummary writes into example_summary.json.", defaultValue = "hello")
public final class ExampleSummary extends InProcessJob {

    static final String SUMMARY = "example-summary";
    static final String OUTPUT = "example_summary.json";

    @Override
    protected void runOnState(JobState state, JobContext context) {
        String greeting = context.options().string("--example-greeting", "hello");
        Path output = state.artifact(SUMMARY);
        write(output, summary(state.model(), state.inputs(), greeting));
        context.log().info("ExampleSummary wrote {} for {} subgraph(s)", output, state.inputs().size());
    }

    /** The summary as JSON text: plain code, tested without a host. */
    static String summary(Path model, List<Subgraph> inputs, String greeting) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("greeting", greeting);
        root.put("model", model.getFileName().toString());
        inputs.forEach(input -> root.withArray("subgraphs").add(input.name()));
        return root.toString() + "\n";
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
