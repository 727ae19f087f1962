package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One refusal with a long reason does not break the {@code plugins list} table (issue 24 #13): a
 * jar that changed since {@code plugins lock} is refused with both digests and the lock's path
 * (some 350 characters here); its row keeps the columns and says {@code refused [1]}, and the
 * reason follows the table whole, as note 1.
 */
class LongRefusalIT {

    @TempDir
    Path tmp;

    @Test
    void aLongReasonIsANoteUnderTheTableWholeAndTheColumnsStayAligned() throws Exception {
        Path deep = Files.createDirectories(tmp.resolve("an-installation-directory-whose-name-is-long-enough")
                .resolve("to-make-the-lock-path-long-as-on-a-shared-cluster-volume"));
        AssembledDistribution dist = AssembledDistribution.built().copyTo(deep.resolve("starfish"));
        Path cwd = Files.createDirectory(tmp.resolve("cwd"));
        AssembledDistribution.Run lock = dist.run(cwd, "plugins", "lock");
        assertThat(lock.exitCode()).as("%s", lock).isZero();
        Path kelper;
        try (Stream<Path> jars = Files.list(dist.home().resolve("plugins"))) {
            kelper = jars.filter(p -> p.getFileName().toString().contains("kelper")).findFirst().orElseThrow();
        }
        Files.write(kelper, new byte[] {0}, StandardOpenOption.APPEND);

        JsonNode json = new ObjectMapper().readTree(dist.run(cwd, "plugins", "list", "--json").stdout());
        String reason = null;
        for (JsonNode row : json) {
            if (row.get("jar").asText().equals(kelper.toString())) {
                reason = row.get("reason").asText();
            }
        }
        assertThat(reason).as("the lock refuses the changed jar").startsWith("its SHA-256 ").hasSizeGreaterThan(300);

        AssembledDistribution.Run list = dist.run(cwd, "plugins", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        List<String> lines = list.stdout().lines().toList();
        int blank = lines.indexOf("");
        assertThat(blank).as("a blank line between the table and its notes:\n%s", list.stdout()).isPositive();
        List<String> table = lines.subList(0, blank);
        int state = table.get(0).indexOf("STATE");
        assertThat(table).as("no row wider than the listing's 120 columns").allSatisfy(line ->
                assertThat(line.length()).as(line).isLessThanOrEqualTo(120));
        assertThat(table.subList(1, table.size())).as("every state under STATE").allSatisfy(line ->
                assertThat(line.substring(state)).as(line).matches("(loaded|refused|failed)\\b.*")
                        .satisfies(cell -> assertThat(line.charAt(state - 1)).isEqualTo(' ')));
        assertThat(table).filteredOn(line -> line.startsWith(kelper.getFileName().toString())).singleElement()
                .satisfies(row -> assertThat(row).endsWith("refused [1]"));
        assertThat(lines.subList(blank + 1, lines.size())).as("the reason, whole")
                .containsExactly("[1] " + kelper.getFileName() + " refused: " + reason);
        assertThat(list.stderr()).isEmpty();
    }
}
