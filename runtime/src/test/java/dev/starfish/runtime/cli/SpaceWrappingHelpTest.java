package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.Column.Overflow;

/** {@link SpaceWrappingHelp} and {@link SpaceWrappedTable}: a line of help ends at a space only. */
class SpaceWrappingHelpTest {

    @Test
    void everyCommandsHelpHasTheSameWordsAtEveryWidth() {
        List<CommandLine> commands = new ArrayList<>();
        collect(StarfishCli.newCommandLine(), commands);
        assertThat(commands).hasSizeGreaterThan(15);
        for (CommandLine command : commands) {
            command.setUsageHelpAutoWidth(false);
            command.setUsageHelpWidth(1000);
            List<String> words = words(command.getUsageMessage(Ansi.OFF));
            for (int width = 55; width <= 200; width++) {
                command.setUsageHelpWidth(width);
                String help = command.getUsageMessage(Ansi.OFF);
                assertThat(words(help)).as("%s at %d:\n%s", command.getCommandName(), width, help).isEqualTo(words);
            }
        }
    }

    @Test
    void aWordLongerThanItsColumnIsKeptWholeOnALineOfItsOwn() {
        CommandLine.Help.ColorScheme scheme = CommandLine.Help.defaultColorScheme(Ansi.OFF);
        SpaceWrappedTable table = new SpaceWrappedTable(scheme, new Column(4, 0, Overflow.SPAN),
                new Column(16, 1, Overflow.WRAP));
        table.addRowValues("-x", "see /a/very/long/path/to/starfish.properties now");
        assertThat(table.toString().lines().toList()).containsExactly(
                "-x   see",
                "       /a/very/long/path/to/starfish.properties",
                "       now");
    }

    @Test
    void stylesSurviveTheWrapping() {
        CommandLine.Help.ColorScheme scheme = CommandLine.Help.defaultColorScheme(Ansi.ON);
        SpaceWrappedTable table = new SpaceWrappedTable(scheme, new Column(20, 0, Overflow.WRAP));
        table.indentWrappedLines = 0;
        table.addRowValues("plain words then @|bold conf/starfish.properties|@ end");
        String out = table.toString();
        assertThat(out).contains("\u001B[1mconf/starfish.properties\u001B[21m\u001B[0m");
        assertThat(out.replaceAll("\u001B\\[[0-9;]*m", "").lines().toList())
                .containsExactly("plain words then", "conf/starfish.properties", "end");
    }

    @Test
    void theLineEndsAfterTheLastWordThatFits() {
        assertThat(SpaceWrappedTable.lineEnd("ab cd ef", 0, 5)).isEqualTo(5);
        assertThat(SpaceWrappedTable.lineEnd("ab cd ef", 0, 4)).isEqualTo(2);
        assertThat(SpaceWrappedTable.lineEnd("abcdefgh ij", 0, 3)).as("one word too long: all of it").isEqualTo(8);
        assertThat(SpaceWrappedTable.lineEnd("  ab cd", 0, 4)).as("leading spaces stay").isEqualTo(4);
    }

    @Test
    void columnsSetsTheWidthWhenItIsAPositiveNumber() {
        assertThat(StarfishCli.helpWidth(Map.of("COLUMNS", "132"))).contains(132);
        assertThat(StarfishCli.helpWidth(Map.of("COLUMNS", " 90 "))).contains(90);
        assertThat(StarfishCli.helpWidth(Map.of("COLUMNS", "20"))).as("picocli's minimum").contains(55);
        for (String bad : new String[] {"", "wide", "-1", "0", "1e3", "99999999999"}) {
            assertThat(StarfishCli.helpWidth(Map.of("COLUMNS", bad))).as("'%s'", bad).isEmpty();
        }
        assertThat(StarfishCli.helpWidth(Map.of())).isEmpty();
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.strip().split("\\s+")).toList();
    }
}
