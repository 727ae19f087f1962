package dev.starfish.runtime.report;

import java.nio.file.Path;
import java.util.Optional;

/** Writes an empty compile's report into the directory of its one argument: the process ReportWriterTest traces. */
public final class ReportWriterChild {

    private ReportWriterChild() {
    }

    public static void main(String[] args) {
        Path work = Path.of(args[0]);
        ReportWriter.write(new CompileRecorder(work.resolve("m.hlo"), work, "test").report(Optional.empty()));
    }
}
