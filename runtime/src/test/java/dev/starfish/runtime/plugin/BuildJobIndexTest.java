package dev.starfish.runtime.plugin;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The host's reading of a build-time job index: every element, strictly, and where a wrong one is. */
class BuildJobIndexTest {

    private static final String COUNT = """
            {"class": "pkg.Count", "name": "Count", "kind": "NATIVE", "tool": "op_count",
             "consumes": ["penguin"], "produces": ["op-counts"], "perSubgraph": true, "enabledBy": "--count", "action": "",
             "options": [{"name": "--count", "paramLabel": "", "description": "Count", "defaultValue": "", "type": "FLAG"}],
             "artifacts": [{"name": "op-counts", "scope": "SUBGRAPH", "files": ["op_counts.json"], "intermediate": true, "packed": true}]}""";

    @Test
    void readsEveryElementOfEachJob() {
        Map<String, JobDeclaration> jobs = BuildJobIndex.read(index(COUNT));

        assertThat(jobs).containsOnlyKeys("pkg.Count");
        assertThat(jobs.get("pkg.Count")).isEqualTo(new JobDeclaration("Count", JobKind.NATIVE, Optional.of("op_count"),
                List.of(JobOption.flag("--count", "Count")), List.of("penguin"), List.of("op-counts"), true,
                Optional.of("--count"), "", List.of(new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH,
                        List.of("op_counts.json"), true, false, true))));
    }

    @Test
    void aWrongOrMissingElementIsNamedWithWhatWasExpected() {
        assertThatThrownBy(() -> BuildJobIndex.read("not json".getBytes(UTF_8)))
                .hasMessage("it is not JSON: Unrecognized token 'not': was expecting (JSON String, Number, Array, "
                        + "Object or token 'null', 'true' or 'false') at line 1, column 1");
        assertThatThrownBy(() -> BuildJobIndex.read("{\"format\": 2, \"jobs\": []}".getBytes(UTF_8)))
                .hasMessage("expected \"format\": 1, found 2 (written by another plugin API's processor?)");
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT.replace("\"kind\": \"NATIVE\"", "\"kind\": \"REMOTE\""))))
                .hasMessage("jobs[0] (pkg.Count): jobs[0].kind: expected one of [NATIVE, IN_PROCESS], found REMOTE");
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT.replace("\"perSubgraph\": true, ", ""))))
                .hasMessage("jobs[0] (pkg.Count): jobs[0].perSubgraph is missing");
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT.replace("[\"op_counts.json\"]", "[7]"))))
                .hasMessage("jobs[0] (pkg.Count): jobs[0].artifacts[0].files[0]: expected a string, found 7");
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT.replace("\"name\": \"Count\"", "\"name\": \"Other\""))))
                .hasMessage("jobs[0].name: expected Count, the simple name of pkg.Count, found Other");
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT + ",\n" + COUNT)))
                .hasMessage("jobs[1] (pkg.Count): the class pkg.Count is listed twice");
    }

    @Test
    void aDeclarationTheHostWouldRefuseFromTheClassIsRefusedFromTheIndexToo() {
        assertThatThrownBy(() -> BuildJobIndex.read(index(COUNT.replace("\"tool\": \"op_count\"", "\"tool\": null"))))
                .hasMessageStartingWith("jobs[0] (pkg.Count): job Count is declared native but names no tool");
    }

    private static byte[] index(String jobs) {
        return ("{\"format\": 1, \"jobs\": [" + jobs + "]}").getBytes(UTF_8);
    }
}
