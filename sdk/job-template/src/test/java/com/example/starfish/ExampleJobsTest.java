package com.example.starfish;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests need no host: test the declarations and the plain code the jobs call. */
class ExampleJobsTest {

    @Test
    void summaryNamesModelSubgraphsAndGreeting() {
        String json = ExampleSummary.summary(Path.of("/models/mlp.hlo"),
                List.of(new Subgraph("sg00", Path.of("/w/sg00")), new Subgraph("sg01", Path.of("/w/sg01"))), "hi");

        assertThat(json).isEqualTo("{\"greeting\":\"hi\",\"model\":\"mlp.hlo\",\"subgraphs\":[\"sg00\",\"sg01\"]}\n");
    }

    @Test
    void declarationsAreWhatTheHostReads() {
        JobDeclaration summary = JobDeclaration.of(ExampleSummary.class);
        assertThat(summary.kind()).isEqualTo(JobKind.IN_PROCESS);
        assertThat(summary.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("--example-greeting=hello");
        assertThat(summary.produces()).containsExactly("example-summary");
        assertThat(summary.declares()).singleElement().satisfies(artifact -> {
            assertThat(artifact.files()).containsExactly("example_summary.json");
            assertThat(artifact.intermediate()).as("a result: SaveTemps keeps it").isFalse();
        });

        JobDeclaration stamp = JobDeclaration.of(ExampleStamp.class);
        assertThat(stamp.kind()).isEqualTo(JobKind.NATIVE);
        assertThat(stamp.tool()).contains("example_stamp");
    }

    @Test
    void stampRunsItsToolWithTheSubgraphName() {
        assertThat(ExampleStamp.argv(Path.of("/t/example_stamp"), new Subgraph("sg00", Path.of("/w/sg00"))))
                .containsExactly("/t/example_stamp", "sg00");
    }
}
