package dev.starfish.runtime.compile;

import java.util.ArrayList;
import java.util.List;

/**
 * The default pipeline, built like the seed's {@code CompileCommand.buildPipeline} from
 * three collectors — front end, back end, output — with the experimental and debug jobs
 * added on request.
 */
public final class PipelinePlan {

    public static final String BACKEND = "Backend";
    public static final String WATCHPOINT = "Watchpoint";

    private PipelinePlan() {
    }

    /** The default job list. */
    public static List<String> defaultPipeline(boolean experimentalBackend, boolean watchpoints) {
        List<String> jobs = new ArrayList<>();
        jobs.addAll(frontEnd());
        jobs.addAll(backEnd(experimentalBackend, watchpoints));
        jobs.addAll(output());
        return List.copyOf(jobs);
    }

    static List<String> frontEnd() {
        return List.of("Frontend", "StaticIOTranspose");
    }

    static List<String> backEnd(boolean experimentalBackend, boolean watchpoints) {
        List<String> jobs = new ArrayList<>(List.of("HLOToTensorizer", "WalrusDriver", "BIRVerifier", "XLAInferGoldens"));
        if (watchpoints) {
            jobs.add(WATCHPOINT);
        }
        if (experimentalBackend) {
            jobs.add(BACKEND);
        }
        return jobs;
    }

    static List<String> output() {
        return List.of("Kelper", "NeffWrapper", "SaveTemps");
    }
}
