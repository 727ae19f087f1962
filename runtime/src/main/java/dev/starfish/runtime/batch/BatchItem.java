package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * One model of a batch and where its compile writes; every path absolute.
 *
 * @param model the HLO model
 * @param output the {@code .neff}
 * @param workDir its own work directory
 * @param logFile its own log file (in the work directory)
 */
public record BatchItem(Path model, Path output, Path workDir, Path logFile) {

    public static final String LOG_NAME = "log-starfish.txt";

    public BatchItem {
        requireNonNull(model, "model is null");
        requireNonNull(output, "output is null");
        requireNonNull(workDir, "workDir is null");
        requireNonNull(logFile, "logFile is null");
    }

    /** The model compiled into {@code outputDir}: {@code STEM.neff}, {@code STEM.work/}, {@code STEM.work/log-starfish.txt}. */
    public static BatchItem of(Path model, Path outputDir) {
        String name = model.getFileName().toString();
        String stem = name.replaceFirst("\\.[^.]*$", "");
        Path work = outputDir.resolve(stem + ".work");
        return new BatchItem(model, outputDir.resolve(stem + ".neff"), work, work.resolve(LOG_NAME));
    }
}
