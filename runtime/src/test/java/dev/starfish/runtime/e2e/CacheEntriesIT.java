package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish cache list|rm|prune}: what a user needs to see and trim the compile cache entry by entry. */
class CacheEntriesIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void listShowsEachEntryAndRmRemovesTheOneItsKeyStartNames() throws Exception {
        compile("a.hlo", "mlp.hlo");
        compile("b.hlo", "mlp_two_heads.hlo");
        JsonNode listed = json("list", "--json");
        assertThat(listed.get("entries")).hasSize(2);
        List<String> models = listed.get("entries").findValuesAsText("model");
        assertThat(models).containsExactlyInAnyOrder("a.hlo", "b.hlo");

        AssembledDistribution.Run table = cache("list");
        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.stdout().lines().toList()).hasSize(3);
        assertThat(table.stdout()).startsWith("KEY").contains("a.hlo").contains("b.hlo");

        String keyOfA = listed.get("entries").findValues("key").get(models.indexOf("a.hlo")).asText();
        AssembledDistribution.Run rm = cache("rm", keyOfA.substring(0, 12));
        assertThat(rm.exitCode()).as("%s", rm).isZero();
        assertThat(rm.stdout()).isEqualTo("removed " + keyOfA + "\n");
        assertThat(json("list", "--json").get("entries").findValuesAsText("model")).containsExactly("b.hlo");
    }

    @Test
    void rmOfAKeyThatNamesNoEntryOrIsTooShortIsAUsageErrorThatRemovesNothing() throws Exception {
        compile("a.hlo", "mlp.hlo");
        AssembledDistribution.Run none = cache("rm", "00000000");
        assertThat(none.exitCode()).as("%s", none).isEqualTo(2);
        assertThat(none.stderr()).contains("no entry of").contains("has the key 00000000 (see starfish cache list)");
        AssembledDistribution.Run shortKey = cache("rm", "ab");
        assertThat(shortKey.exitCode()).isEqualTo(2);
        assertThat(shortKey.stderr()).contains("expected a cache key or at least its first 8 hex digits");
        AssembledDistribution.Run path = cache("rm", "../../etc");
        assertThat(path.exitCode()).isEqualTo(2);
        assertThat(json("list", "--json").get("entries")).hasSize(1);
    }

    @Test
    void pruneRemovesOnlyTheEntriesUnusedForLongerThanTheAge() throws Exception {
        compile("a.hlo", "mlp.hlo");
        compile("b.hlo", "mlp_two_heads.hlo");
        JsonNode listed = json("list", "--json");
        JsonNode old = listed.get("entries").get(0);
        Path oldDir = cwd.resolve("cache/entries").resolve(old.get("key").asText());
        assertThat(oldDir).isDirectory();
        Files.setLastModifiedTime(oldDir, FileTime.from(Instant.now().minus(Duration.ofDays(40))));

        assertThat(json("prune", "--older-than", "60d", "--json").get("removed")).isEmpty();
        JsonNode pruned = json("prune", "--older-than", "30d", "--json");
        assertThat(pruned.get("removed")).hasSize(1);
        assertThat(pruned.get("removed").get(0).asText()).isEqualTo(old.get("key").asText());
        assertThat(json("list", "--json").get("entries")).hasSize(1);

        AssembledDistribution.Run bad = cache("prune", "--older-than", "soon");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr()).contains("expected an age such as 30d, 12h, 90m, 2w or P30D, found 'soon'");
    }

    private void compile(String name, String example) throws Exception {
        Path model = Files.copy(dist.example(example), cwd.resolve(name));
        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString(), "-q", "--cache-dir",
                cwd.resolve("cache").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
    }

    private AssembledDistribution.Run cache(String... args) {
        List<String> all = new ArrayList<>(List.of("cache"));
        all.addAll(List.of(args));
        all.addAll(List.of("--cache-dir", cwd.resolve("cache").toString()));
        return dist.run(cwd, all.toArray(String[]::new));
    }

    private JsonNode json(String... args) throws Exception {
        AssembledDistribution.Run run = cache(args);
        assertThat(run.exitCode()).as("%s", run).isZero();
        return new ObjectMapper().readTree(run.stdout());
    }
}
