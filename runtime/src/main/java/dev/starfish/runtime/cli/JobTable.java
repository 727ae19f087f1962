package dev.starfish.runtime.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Renders job listings as an aligned text table. */
final class JobTable {

    private static final List<String> HEADER = List.of("JOB", "KIND", "RUNS", "TOOL", "RESOLVES TO", "PLUGIN", "VERSION", "JAR");

    private final List<JobListing> listings;
    private final boolean withBundles;
    private final boolean withNatives;

    JobTable(List<JobListing> listings, boolean withBundles, boolean withNatives) {
        this.listings = List.copyOf(listings);
        this.withBundles = withBundles;
        this.withNatives = withNatives;
    }

    void print(PrintWriter out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (JobListing l : listings) {
            String resolves = l.tool() == null ? "-" : l.toolPath() == null ? "missing"
                    : l.toolPath() + " (" + l.toolOrigin() + ")";
            String runs = l.enabledBy() == null ? "-" : "on request (" + l.enabledBy() + ")";
            rows.add(List.of(l.name(), l.kind(), runs, Objects.requireNonNullElse(l.tool(), "-"), resolves, l.plugin(),
                    l.version(), l.jar()));
        }
        int[] widths = new int[HEADER.size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                String cell = rows.get(r).get(i);
                line.append(i == widths.length - 1 ? cell : String.format("%-" + widths[i] + "s  ", cell));
            }
            out.println(line.toString().stripTrailing());
            if (r > 0) {
                printDetails(out, listings.get(r - 1));
            }
        }
        if (listings.isEmpty()) {
            out.println("(no jobs: the plugins directory holds no loadable plugin)");
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
