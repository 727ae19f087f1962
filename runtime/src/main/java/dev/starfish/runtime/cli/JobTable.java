package dev.starfish.runtime.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Renders job listings as an aligned text table. */
final class JobTable {

    private static final List<String> HEADER = List.of("JOB", "KIND", "TOOL", "RESOLVES TO", "PLUGIN", "VERSION", "JAR");

    private final List<JobListing> listings;
    private final boolean withBundles;

    JobTable(List<JobListing> listings, boolean withBundles) {
        this.listings = List.copyOf(listings);
        this.withBundles = withBundles;
    }

    void print(PrintWriter out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (JobListing l : listings) {
            String resolves = l.toolPath() == null ? "-"
                    : l.toolOrigin() == null ? l.toolPath() : l.toolPath() + " (" + l.toolOrigin() + ")";
            rows.add(List.of(l.name(), l.kind(), Objects.requireNonNullElse(l.tool(), "-"), resolves, l.plugin(),
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
            if (withBundles && r > 0) {
                listings.get(r - 1).bundles().forEach(b -> out.println("    bundles " + b));
            }
        }
        if (listings.isEmpty()) {
            out.println("(no jobs: the plugins directory holds no loadable plugin)");
        }
    }
}
