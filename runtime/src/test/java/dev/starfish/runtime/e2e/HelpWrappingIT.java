package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The usage help wraps at spaces only (issue 24 #9): at any width, no line ends inside a path
 * ({@code ~/.} then {@code cache/starfish}), a file name ({@code conf/starfish.} then
 * {@code properties}) or an option's value, in every command's {@code --help}. A help whose words
 * are all whole has the very words of the same help printed too wide to wrap at all.
 */
class HelpWrappingIT {

    private static final int[] WIDTHS = {60, 80, 117, 200};
    private static final int UNWRAPPED = 1000;
    private static final Pattern COMMAND = Pattern.compile("^  ([a-z][a-z-]*)(?: {2,}|$)");

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void noCommandsHelpBreaksAWordAtAnyWidth() {
        List<List<String>> commands = commands(List.of());
        assertThat(commands).as("every command and subcommand is found in the help")
                .contains(List.of("compile"), List.of("cache", "info"), List.of("plugins", "lint"), List.of("doctor"));
        for (List<String> command : commands) {
            List<String> words = words(help(command, UNWRAPPED));
            for (int width : WIDTHS) {
                String help = help(command, width);
                assertThat(words(help)).as("the words of `starfish %s --help` at COLUMNS=%d:\n%s",
                        String.join(" ", command), width, help).isEqualTo(words);
                assertThat(help.lines()).as("`starfish %s --help` at COLUMNS=%d", String.join(" ", command), width)
                        .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(width));
            }
        }
    }

    @Test
    void theCacheDirectoryIsOneWordOnItsLine() {
        String help = help(List.of("compile"), 80);
        assertThat(help).contains("~/.cache/starfish)").contains("conf/starfish.properties")
                .doesNotContainPattern("~/\\.\\s").doesNotContainPattern("starfish\\.\\s+properties");
    }

    @Test
    void aColumnsThatIsNoWidthIsIgnoredAndANarrowOneIsRaisedToTheMinimum() {
        String standard = help(List.of("cache"), 80);
        for (String columns : new String[] {"", "wide", "-3", "0", "9999999999"}) {
            AssembledDistribution.Run run = dist.run(cwd, Map.of("COLUMNS", columns), "cache", "--help");
            assertThat(run.exitCode()).as("COLUMNS=%s: %s", columns, run).isZero();
            assertThat(run.stderr()).as("COLUMNS=%s", columns).isEmpty();
            assertThat(run.stdout()).as("COLUMNS=%s: picocli's width without a terminal", columns).isEqualTo(standard);
        }
        AssembledDistribution.Run narrow = dist.run(cwd, Map.of("COLUMNS", "20"), "cache", "--help");
        assertThat(narrow.exitCode()).as("%s", narrow).isZero();
        assertThat(narrow.stdout()).isEqualTo(help(List.of("cache"), 55));
    }

    /** Every command under {@code parent}, found in the help's {@code Commands:} lists, parent first. */
    private List<List<String>> commands(List<String> parent) {
        List<List<String>> found = new ArrayList<>();
        found.add(parent);
        boolean listing = false;
        for (String line : help(parent, UNWRAPPED).lines().toList()) {
            if (line.equals("Commands:")) {
                listing = true;
                continue;
            }
            Matcher m = COMMAND.matcher(line);
            if (listing && m.find()) {
                List<String> child = new ArrayList<>(parent);
                child.add(m.group(1));
                found.addAll(m.group(1).equals("help") ? List.of(child) : commands(child));
            } else if (listing && line.isBlank()) {
                listing = false;
            }
        }
        return found;
    }

    private String help(List<String> command, int width) {
        List<String> args = new ArrayList<>(command);
        args.add("--help");
        AssembledDistribution.Run run = dist.run(cwd, Map.of("COLUMNS", String.valueOf(width)),
                args.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s: %s", args, run).isZero();
        return run.stdout();
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.strip().split("\\s+")).toList();
    }
}
