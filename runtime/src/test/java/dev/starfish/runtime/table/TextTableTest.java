package dev.starfish.runtime.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.table.TextTable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void aLongPathIsShortenedInTheMiddleKeepingItsStartAndItsFileName() {
        String path = "/home/someone/.cache/starfish/native/plugin-with-a-long-name/0123456789abcdef/tools/hlo2penguin";
        assertThat(TextTable.shorten(path, 40)).hasSize(40).startsWith("/home/someone/.cach")
                .endsWith("tools/hlo2penguin").contains(TextTable.ELLIPSIS);
        assertThat(TextTable.shorten("short", 40)).isEqualTo("short");
    }

    @Test
    void fitShrinksOnlyTheChosenColumnsUntilEveryLineFits() {
        String longPath = "/opt/" + "very-long-directory-name/".repeat(8) + "tool";
        List<List<String>> rows = List.of(List.of("JOB", "PATH", "PLUGIN"),
                List.of("HLOToTensorizer", longPath, "hlototensorizer 0.1.0"),
                List.of("Frontend", "-", "frontend 0.1.0"));

        List<List<String>> fitted = TextTable.fit(rows, 80, List.of(1));

        StringWriter text = new StringWriter();
        TextTable.print(new PrintWriter(text, true), fitted);
        assertThat(text.toString().lines()).as(text.toString()).allMatch(line -> line.length() <= 80);
        assertThat(fitted.get(1).get(0)).as("other columns are never cut").isEqualTo("HLOToTensorizer");
        assertThat(fitted.get(1).get(2)).isEqualTo("hlototensorizer 0.1.0");
        assertThat(fitted.get(1).get(1)).startsWith("/opt/very-long").endsWith("/tool");
    }

    @Test
    void aTableThatFitsIsLeftAsItIs() {
        List<List<String>> rows = List.of(List.of("A", "B"), List.of("x", "/short/path"));
        assertThat(TextTable.fit(rows, 120, List.of(1))).isEqualTo(rows);
    }
}
