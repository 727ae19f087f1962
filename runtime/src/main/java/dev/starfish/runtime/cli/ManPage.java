package dev.starfish.runtime.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

/**
 * One command's manual page in troff ({@code man(7)} macros), drawn from its Picocli model: the
 * same descriptions {@code --help} prints, so the two cannot drift. Job options registered on
 * {@code compile} get a section per job, as in {@code starfish help compile}.
 */
final class ManPage {

    private final CommandSpec spec;
    private final String version;

    ManPage(CommandSpec spec, String version) {
        this.spec = spec;
        this.version = version;
    }

    /** The page's name: the qualified command name with dashes, {@code starfish-plugins-list}. */
    static String nameOf(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    String render() {
        StringBuilder page = new StringBuilder();
        String name = nameOf(spec);
        page.append(".TH \"").append(name.toUpperCase(Locale.ROOT)).append("\" 1 \"\" \"Starfish ")
                .append(version).append("\" \"Starfish Manual\"\n");
        page.append(".SH NAME\n").append(escape(name)).append(" \\- ").append(escape(firstSentence())).append('\n');
        page.append(".SH SYNOPSIS\n").append(synopsis()).append('\n');
        page.append(".SH DESCRIPTION\n");
        for (String paragraph : spec.usageMessage().description()) {
            page.append(".PP\n").append(escape(text(paragraph))).append('\n');
        }
        arguments(page);
        options(page);
        commands(page);
        footer(page);
        section(page, "EXAMPLES", ManPageAppendix.examples(name));
        section(page, "ENVIRONMENT", ManPageAppendix.ENVIRONMENT);
        section(page, "FILES", ManPageAppendix.FILES);
        seeAlso(page);
        return page.toString();
    }

    private String firstSentence() {
        String[] description = spec.usageMessage().description();
        return description.length == 0 ? "" : text(description[0]).replaceAll("\\.$", "");
    }

    private String synopsis() {
        StringBuilder line = new StringBuilder("\\fB").append(escape(spec.qualifiedName())).append("\\fR");
        if (!visibleOptions().isEmpty()) {
            line.append(" [\\fIOPTIONS\\fR]");
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                String label = "\\fI" + escape(p.paramLabel()) + "\\fR" + (p.arity().max() > 1 ? "..." : "");
                line.append(' ').append(p.arity().min() == 0 ? "[" + label + "]" : label);
            }
        }
        if (!visibleSubcommands().isEmpty()) {
            line.append(" \\fICOMMAND\\fR");
        }
        return line.toString();
    }

    private void arguments(StringBuilder page) {
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (positionals.isEmpty()) {
            return;
        }
        page.append(".SH ARGUMENTS\n");
        for (PositionalParamSpec p : positionals) {
            page.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n")
                    .append(escape(description(p.description(), p.defaultValueString()))).append('\n');
        }
    }

    private void options(StringBuilder page) {
        Map<ArgGroupSpec, List<OptionSpec>> grouped = new LinkedHashMap<>();
        List<OptionSpec> own = new ArrayList<>();
        for (OptionSpec option : visibleOptions()) {
            if (option.group() == null) {
                own.add(option);
            } else {
                grouped.computeIfAbsent(option.group(), g -> new ArrayList<>()).add(option);
            }
        }
        if (!own.isEmpty()) {
            page.append(".SH OPTIONS\n");
            own.forEach(option -> option(page, option));
        }
        grouped.forEach((group, options) -> {
            String heading = text(group.heading() == null ? "Options" : group.heading()).strip().replaceAll(":$", "");
            page.append(".SS \"").append(escape(heading)).append("\"\n");
            options.forEach(option -> option(page, option));
        });
    }

    private static void option(StringBuilder page, OptionSpec option) {
        List<String> names = new ArrayList<>();
        for (String name : option.names()) {
            names.add("\\fB" + escape(name).replace("-", "\\-") + "\\fR");
        }
        String value = option.arity().max() > 0 && !option.paramLabel().isEmpty()
                ? "=\\fI" + escape(option.paramLabel()) + "\\fR" : "";
        page.append(".TP\n").append(String.join(", ", names)).append(value).append('\n')
                .append(escape(description(option.description(), option.defaultValueString()))).append('\n');
    }

    private void commands(StringBuilder page) {
        Map<String, CommandLine> subcommands = visibleSubcommands();
        if (subcommands.isEmpty()) {
            return;
        }
        page.append(".SH COMMANDS\n");
        subcommands.forEach((name, sub) -> {
            String[] description = sub.getCommandSpec().usageMessage().description();
            page.append(".TP\n\\fB").append(escape(name)).append("\\fR\n")
                    .append(escape(description.length == 0 ? "" : text(description[0]))).append('\n');
        });
    }

    private void footer(StringBuilder page) {
        List<String> lines = new ArrayList<>();
        for (String line : spec.usageMessage().footer()) {
            if (!text(line).isBlank()) {
                lines.add(text(line));
            }
        }
        if (!lines.isEmpty()) {
            page.append(".SH NOTES\n");
            lines.forEach(line -> page.append(".PP\n").append(escape(line)).append('\n'));
        }
    }

    private static void section(StringBuilder page, String title, List<ManPageAppendix.Entry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        page.append(".SH ").append(title).append('\n');
        for (ManPageAppendix.Entry entry : entries) {
            page.append(".TP\n\\fB").append(escape(entry.term())).append("\\fR\n").append(escape(entry.text()))
                    .append('\n');
        }
    }

    private void seeAlso(StringBuilder page) {
        List<String> related = new ArrayList<>();
        if (spec.parent() != null) {
            related.add(nameOf(spec.parent()));
        }
        visibleSubcommands().values().forEach(sub -> related.add(nameOf(sub.getCommandSpec())));
        if (!related.isEmpty()) {
            page.append(".SH SEE ALSO\n").append(String.join(",\n",
                    related.stream().map(r -> "\\fB" + escape(r) + "\\fR(1)").toList())).append('\n');
        }
    }

    private List<OptionSpec> visibleOptions() {
        return spec.options().stream().filter(o -> !o.hidden()).toList();
    }

    /** The subcommands a page lists: not hidden, each once (an alias is the same command). */
    private Map<String, CommandLine> visibleSubcommands() {
        Map<String, CommandLine> visible = new LinkedHashMap<>();
        spec.subcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden() && name.equals(sub.getCommandName())) {
                visible.put(name, sub);
            }
        });
        return visible;
    }

    private static String description(String[] lines, String defaultValue) {
        return text(String.join(" ", lines)).replace("${DEFAULT-VALUE}", String.valueOf(defaultValue));
    }

    /** A Picocli text as plain text: its format directives resolved. */
    private static String text(String picocliText) {
        return picocliText.replace("%n", "\n").replace("%%", "%");
    }

    /**
     * Text safe for troff: backslashes escaped, no line starting with a control character,
     * non-ASCII characters as named Unicode escapes (any man, any locale).
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.replace("\\", "\\e").split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            if (line.startsWith(".") || line.startsWith("'")) {
                out.append("\\&");
            }
            line.codePoints().forEach(c -> {
                if (c < 128) {
                    out.append((char) c);
                } else {
                    out.append(String.format("\\[u%04X]", c));
                }
            });
        }
        return out.toString();
    }
}
