package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    void anEntryARunningCompileHoldsIsKeptAndNamedWithExit1() throws Exception {
        compile("a.hlo", "mlp.hlo");
        String key = json("list", "--json").get("entries").get(0).get("key").asText();
        Path lock = holdLock(key);
        AssembledDistribution.Run held = cache("rm", key);
        assertThat(held.exitCode()).as("%s", held).isEqualTo(1);
        assertThat(held.stdout()).isEqualTo("kept " + key + ": a running compile holds its lock; try again when it ends\n");
        assertThat(json("list", "--json").get("entries")).hasSize(1);

        Files.delete(lock);
        assertThat(cache("rm", key).exitCode()).isZero();
        assertThat(json("list", "--json").get("entries")).isEmpty();
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

    /** Takes the key's lock as a live compile of this host would (this test's JVM), in the lock file's format. */
    private Path holdLock(String key) throws Exception {
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).trim();
        ProcessHandle self = ProcessHandle.current();
        long start = self.info().startInstant().orElseThrow().toEpochMilli();
        Path locks = cwd.resolve("cache/locks");
        Path temp = locks.resolve(".test.new");
        Files.writeString(temp, "starfish-compile-cache-lock/1\nhost=" + host + "\npid=" + self.pid() + "\nstart="
                + start + "\nnonce=0123456789abcdef\n");
        return Files.move(temp, locks.resolve(key + ".lock"), StandardCopyOption.ATOMIC_MOVE);
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
