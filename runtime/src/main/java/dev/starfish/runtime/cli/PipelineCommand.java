package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.plan.ConfiguredPipeline;
import dev.starfish.runtime.table.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code starfish pipeline}: the configured job order ({@code pipeline=} of
 * {@code conf/starfish.properties}), what each job consumes and produces, and when it runs; then
 * the installed jobs no compile runs unless {@code --pipeline} names them. From declarations only.
 */
@Command(name = "pipeline", mixinStandardHelpOptions = true,
        description = {"Show the configured pipeline (pipeline= of conf/starfish.properties): each job in order, "
                + "when it runs (always, on request with its option, rejected, not available), and the artifacts "
                + "it consumes and produces; then the installed jobs that are not in it.",
                "starfish compile --pipeline JOB,... replaces the order for one compile."})
final class PipelineCommand implements Callable<Integer> {

    @ParentCommand
    private StarfishCommand root;

    @Mixin
    ListingOutput output;

    @Override
    public Integer call() throws Exception {
        try (Host host = root.hostOptions().openHost()) {
            ConfiguredPipeline pipeline = ConfiguredPipeline.of(host.properties().list(Setting.PIPELINE),
                    host.registry());
            List<PipelineListing> rows = new ArrayList<>(pipeline.stages().stream().map(PipelineListing::of).toList());
            pipeline.notIn(host.registry()).forEach(job -> rows.add(PipelineListing.notInPipeline(job)));
            output.print(rows, out -> {
                out.println("Pipeline of " + host.properties().source() + ":");
                print(out, rows);
            });
        }
        return ExitCodes.OK;
    }

    private static void print(PrintWriter out, List<PipelineListing> rows) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("#", "JOB", "RUNS", "STEPS", "CONSUMES", "PRODUCES"));
        List<String> outside = new ArrayList<>();
        for (PipelineListing row : rows) {
            if (row.position() == null) {
                outside.add(row.job());
                continue;
            }
            table.add(List.of(String.valueOf(row.position()), row.job(), row.runsCell(),
                    row.perSubgraph() == null ? "-" : row.perSubgraph() ? "per subgraph" : "once",
                    cell(row.consumes()), cell(row.produces())));
        }
        TextTable.print(out, table);
        if (table.size() == 1) {
            out.println("(the pipeline is empty: set pipeline=JOB,JOB,... in conf/starfish.properties)");
        }
        if (!outside.isEmpty()) {
            out.println("Not in the pipeline (a compile runs them only when --pipeline names them): "
                    + String.join(", ", outside) + ".");
        }
    }

    private static String cell(List<String> artifacts) {
        return artifacts.isEmpty() ? "-" : String.join(",", artifacts);
    }
}
