package dev.starfish.runtime.cli;

import java.util.Arrays;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.Column.Overflow;
import picocli.CommandLine.IHelpFactory;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Picocli's usage help with every wrapped section laid out by {@link SpaceWrappedTable}, so no
 * line of {@code --help} ends inside a path or an option: the synopsis, the description, the
 * options and positional parameters (argument groups too), the command list and the footer. The
 * columns and indents are picocli's own; only where a line may end differs.
 */
final class SpaceWrappingHelp extends Help {

    /** Picocli's synopsis never indents wrapped lines past this fraction of the width. */
    private static final double MAX_SYNOPSIS_INDENT = 0.9;

    static final IHelpFactory FACTORY = SpaceWrappingHelp::new;

    SpaceWrappingHelp(CommandSpec spec, ColorScheme colorScheme) {
        super(spec, colorScheme);
    }

    @Override
    public Layout createDefaultLayout(List<OptionSpec> options, List<PositionalParamSpec> positionals,
            ColorScheme scheme) {
        int longOptions = calcLongOptionColumnWidth(options, positionals, scheme);
        // picocli's TextTable.forDefaultColumns: "* -c, --create  Creates a ..."
        SpaceWrappedTable table = new SpaceWrappedTable(scheme, new Column(2, 0, Overflow.TRUNCATE),
                new Column(2, 0, Overflow.SPAN), new Column(1, 0, Overflow.TRUNCATE),
                new Column(longOptions, 1, Overflow.SPAN), new Column(width() - 5 - longOptions, 1, Overflow.WRAP));
        return new Layout(scheme, table, createDefaultOptionRenderer(), createDefaultParameterRenderer());
    }

    @Override
    public String description(Object... params) {
        return paragraphs(commandSpec().usageMessage().description(), params);
    }

    @Override
    public String header(Object... params) {
        return paragraphs(commandSpec().usageMessage().header(), params);
    }

    @Override
    public String footer(Object... params) {
        return paragraphs(commandSpec().usageMessage().footer(), params);
    }

    @Override
    public String commandList(Map<String, Help> subcommands) {
        if (subcommands.isEmpty()) {
            return "";
        }
        int longest = subcommands.keySet().stream().mapToInt(String::length).max().orElse(0);
        int names = Math.min(longest, width() / 2) + 2;
        SpaceWrappedTable table = new SpaceWrappedTable(colorScheme(), new Column(names, 2, Overflow.SPAN),
                new Column(width() - names, 2, Overflow.WRAP));
        for (Help help : subcommands.values()) {
            UsageMessageSpec usage = help.commandSpec().usageMessage();
            String first = usage.header().length > 0 ? usage.header()[0]
                    : usage.description().length > 0 ? usage.description()[0] : "";
            Text[] lines = colorScheme().text(format(first)).splitLines();
            for (int i = 0; i < lines.length; i++) {
                table.addRowValues(i == 0 ? help.commandNamesText(", ") : colorScheme().ansi().new Text(0, colorScheme()),
                        lines[i]);
            }
        }
        return table.toString();
    }

    /**
     * Picocli's synopsis layout: wrapped lines indented under the first option, or by the heading
     * when that is far or a word would not fit there.
     */
    @Override
    protected String insertSynopsisCommandName(int synopsisHeadingLength, Text details) {
        String name = commandSpec().qualifiedName();
        UsageMessageSpec usage = commandSpec().usageMessage();
        int indent = synopsisHeadingLength + name.length() + 1;
        if (indent > usage.synopsisAutoIndentThreshold() * width()) {
            indent = usage.synopsisIndent() < 0 ? synopsisHeadingLength : usage.synopsisIndent();
            indent = Math.min(indent, (int) (MAX_SYNOPSIS_INDENT * width()));
        }
        int longest = Arrays.stream(details.plainString().split(" ")).mapToInt(String::length).max().orElse(0);
        if (indent + longest > width()) {
            // under the first option a word would run past the width: indent by the heading instead
            indent = Math.min(indent, synopsisHeadingLength);
        }
        SpaceWrappedTable table = new SpaceWrappedTable(colorScheme(), new Column(width(), 0, Overflow.WRAP));
        table.indentWrappedLines = indent;
        Text padding = Ansi.OFF.new Text("X".repeat(synopsisHeadingLength), colorScheme());
        table.addRowValues(padding.concat(colorScheme().commandText(name)).concat(details));
        return table.toString().substring(synopsisHeadingLength);
    }

    private String paragraphs(String[] lines, Object... params) {
        if (lines == null || lines.length == 0) {
            return "";
        }
        SpaceWrappedTable table = new SpaceWrappedTable(colorScheme(), new Column(width(), 0, Overflow.WRAP));
        table.indentWrappedLines = 0;
        for (String line : lines) {
            table.addRowValues(format(line, params));
        }
        return table.toString();
    }

    private int width() {
        return commandSpec().usageMessage().width();
    }

    /** As picocli formats a help text: {@code %n} and the parameters, the raw text when it is no format. */
    private static String format(String text, Object... params) {
        try {
            return text == null ? "" : String.format(text, params);
        } catch (IllegalFormatException e) {
            return text;
        }
    }
}
