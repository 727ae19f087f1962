package dev.starfish.runtime.cli;

import dev.starfish.runtime.table.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Renders job listings as an aligned text table. By default it fits {@value #WIDTH} columns:
 * a tool is shown where it resolves, relative to the installation when inside it, a job that runs only on request is
 * marked and its option named below the table, and paths still too long are shortened in the
 * middle. {@code --wide} prints every column in full.
 */
final class JobTable {

    static final int WIDTH = 120;

    private static final List<String> WIDE_HEADER = List.of("JOB", "KIND", "RUNS", "TOOL", "RESOLVES TO", "PLUGIN",
            "VERSION", "JAR");
    private static final List<String> HEADER = List.of("JOB", "KIND", "RUNS", "TOOL", "PLUGIN");
    private static final int TOOL = 3;

    private final List<JobListing> listings;
    private final boolean withBundles;
    private final boolean withNatives;
    private final boolean wide;
    private final Path home;

    JobTable(List<JobListing> listings, boolean withBundles, boolean withNatives, boolean wide, Path home) {
        this.listings = List.copyOf(listings);
        this.withBundles = withBundles;
        this.withNatives = withNatives;
        this.wide = wide;
        this.home = home;
    }

    void print(PrintWriter out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(wide ? WIDE_HEADER : HEADER);
        for (JobListing l : listings) {
            rows.add(wide ? wideRow(l) : row(l));
        }
        if (!wide) {
            rows = TextTable.fit(rows, WIDTH, List.of(TOOL));
        }
        int[] widths = TextTable.widths(rows);
        for (int r = 0; r < rows.size(); r++) {
            out.println(TextTable.line(rows.get(r), widths));
            if (r > 0) {
                printDetails(out, listings.get(r - 1));
            }
        }
        if (listings.isEmpty()) {
            out.println("(no jobs: the plugins directory holds no loadable plugin)");
        } else if (!wide) {
            printOnRequest(out);
        }
    }

    private List<String> wideRow(JobListing l) {
        String resolves = l.tool() == null ? "-" : l.toolPath() == null ? "missing"
                : l.toolPath() + " (" + l.toolOrigin() + ")";
        return List.of(l.name(), l.kind(), runs(l, true), Objects.requireNonNullElse(l.tool(), "-"), resolves, l.plugin(),
                l.version(), l.jar());
    }

    /** The narrow row: the tool where it resolves (its name ends the path), or its name and {@code (missing)}. */
    private List<String> row(JobListing l) {
        String tool = l.tool() == null ? "-" : l.toolPath() == null ? l.tool() + " (missing)" : relative(l.toolPath());
        return List.of(l.name(), l.kind(), runs(l, false), tool, l.plugin() + " " + l.version());
    }

    /** The RUNS cell: the place in the configured pipeline and whether it runs always or on request (and by what). */
    private static String runs(JobListing l, boolean withOption) {
        if (l.pipelinePosition() == null) {
            return PipelineListing.NOT_IN_PIPELINE;
        }
        String when = l.enabledBy() == null ? "always" : withOption ? "on request (" + l.enabledBy() + ")" : "on request";
        return "#" + l.pipelinePosition() + " " + when;
    }

    /** A path inside the installation relative to it, where the origin (private, bin) is plain to see. */
    private String relative(String path) {
        Path p = Path.of(path);
        return home != null && p.startsWith(home) ? home.relativize(p).toString() : path;
    }

    private void printOnRequest(PrintWriter out) {
        List<String> notes = listings.stream().filter(l -> l.enabledBy() != null && l.pipelinePosition() != null)
                .map(l -> l.name() + " with " + l.enabledBy()).toList();
        if (!notes.isEmpty()) {
            out.println("On request: " + String.join(", ", notes) + ".");
        }
        out.println("#N is the job's place in pipeline= of conf/starfish.properties (starfish pipeline shows the order).");
        if (home != null) {
            out.println("Paths are relative to STARFISH_HOME; --wide shows them in full, with the jars.");
        }
    }

    private void printDetails(PrintWriter out, JobListing listing) {
        if (withBundles) {
            listing.bundles().forEach(b -> out.println("    bundles " + b));
        }
        if (withNatives) {
            listing.nativeLibraries().forEach(l -> out.println("    library " + l.file() + " sha256 " + l.sha256()
                    .substring(0, 12) + " -> " + l.path() + (l.extracted() ? "" : " (not extracted yet)")));
            listing.bundledTools().forEach(t -> out.println("    bundled tool " + t));
            if (listing.tool() != null) {
                out.println("    tool " + listing.tool() + " resolves from " + (listing.toolOrigin() == null
                        ? "nowhere (missing)" : listing.toolOrigin() + ": " + listing.toolPath()));
            }
        }
    }
}
