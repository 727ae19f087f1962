package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.table.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code starfish plugins list}: every jar of the plugin path with its id, version, jobs and state;
 * on a path of several directories each jar by its whole path, and the directories under the table.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every jar of the plugin directories: plugin id, version, jobs, and loaded, refused or "
                + "failed (and why).")
final class PluginsListCommand implements Callable<Integer> {

    private static final List<String> HEADER = List.of("JAR", "PLUGIN", "VERSION", "JOBS", "STATE");
    private static final int STATE = 4;

    @ParentCommand
    private PluginsCommand plugins;

    @Mixin
    ListingOutput output;

    @Override
    public Integer call() throws Exception {
        HostOptions options = plugins.root().hostOptions();
        try (Host host = options.openHostForListing()) {
            List<PluginReport> reports = host.registry().plugins();
            output.print(reports.stream().map(PluginsListCommand::asMap).toList(),
                    out -> printTable(out, reports, host.registry().pluginPath()));
        }
        return ExitCodes.OK;
    }

    private static Map<String, Object> asMap(PluginReport r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("jar", r.jar().toString());
        row.put("directory", r.jar().getParent().toString());
        row.put("plugin", r.id());
        row.put("version", r.version());
        row.put("jobs", r.jobs());
        row.put("state", r.state().label());
        row.put("reason", r.reason().isEmpty() ? null : r.reason());
        return row;
    }

    /**
     * The table, a state's reason in its STATE cell when the row stays within {@value JobTable#WIDTH}
     * columns; a longer reason (a lock mismatch names two digests and a path) is a numbered note
     * under the table, whole, so the columns stay aligned and no diagnostic is cut.
     */
    private static void printTable(PrintWriter out, List<PluginReport> reports, PluginPath path) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (PluginReport r : reports) {
            rows.add(new ArrayList<>(List.of(path.nameOf(r.jar()), Objects.requireNonNullElse(r.id(), "-"),
                    Objects.requireNonNullElse(r.version(), "-"), r.jobs().isEmpty() ? "-" : String.join(",", r.jobs()),
                    r.state().label())));
        }
        int stateColumn = TextTable.start(TextTable.widths(rows), STATE);
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            PluginReport r = reports.get(i);
            if (r.reason().isEmpty()) {
                continue;
            }
            String inline = r.state().label() + ": " + r.reason();
            if (stateColumn + inline.length() <= JobTable.WIDTH) {
                rows.get(i + 1).set(STATE, inline);
            } else {
                notes.add("[" + (notes.size() + 1) + "] " + path.nameOf(r.jar()) + " " + inline);
                rows.get(i + 1).set(STATE, r.state().label() + " [" + notes.size() + "]");
            }
        }
        TextTable.print(out, rows);
        if (reports.isEmpty()) {
            out.println(path.directories().size() == 1 ? "(no plugin jars in the plugins directory)"
                    : "(no plugin jars in the plugin directories)");
        }
        if (path.directories().size() > 1) {
            out.println("Plugin directories, in order: " + path.directories().stream()
                    .map(PluginPath.Directory::toString).collect(Collectors.joining(", ")) + ".");
        }
        if (!notes.isEmpty()) {
            out.println();
            notes.forEach(out::println);
        }
    }
}
