package dev.starfish.runtime.cli;

import dev.starfish.runtime.classify.JobClassification;
import dev.starfish.runtime.classify.JobClassifier;
import dev.starfish.runtime.host.Host;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code starfish jobs classify}: the seed's §1 table, rebuilt from the plugins' bytecode. */
@Command(name = "classify", mixinStandardHelpOptions = true,
        description = {"Classify each job from its bytecode: native iff it calls the tool resolver.",
                "Referencing a process class does not make a job native."})
final class ClassifyCommand implements Callable<Integer> {

    @ParentCommand
    private JobsCommand jobs;

    @Mixin
    ListingOutput output;

    @Override
    public Integer call() throws Exception {
        HostOptions options = jobs.root().hostOptions();
        try (Host host = options.openHost()) {
            List<JobClassification> rows = host.registry().jobs().stream()
                    .map(job -> JobClassifier.classify(job, job.declaration().kind().label()))
                    .toList();
            output.print(rows, out -> {
                out.printf("%-20s %14s %11s %14s  %-11s %s%n", "JOB", "RESOLVER REFS", "SPAWN REFS", "PROCESS REFS",
                        "KIND", "DECLARED");
                for (JobClassification row : rows) {
                    out.printf("%-20s %14d %11d %14d  %-11s %s%s%n", row.name(), row.resolverRefs(), row.spawnRefs(),
                            row.processClassRefs(), row.kind(), row.declaredKind(), row.agrees() ? "" : "  (mismatch)");
                }
            });
        }
        return ExitCodes.OK;
    }
}
