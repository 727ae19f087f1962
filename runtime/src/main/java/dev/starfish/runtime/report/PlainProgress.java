package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.ConsoleText;
import java.io.PrintWriter;

/**
 * Progress for a console that is not a terminal (a CI log, a pipe): one plain line per finished
 * job, {@code [2/7] Lower done in 41 ms (1 step; tool CPU 30 ms, peak RSS 3.1 MiB)}, and
 * no control characters.
 */
public final class PlainProgress extends TrackedProgress {

    private final PrintWriter out;

    public PlainProgress(PrintWriter out) {
        this.out = requireNonNull(out, "out is null");
    }

    @Override
    void changed() {
        // a plain console shows finished jobs only
    }

    @Override
    void finished(JobEnd job, JobTotals totals) {
        synchronized (out) {
            out.println(ConsoleText.line(line(state.counter(job.start().index()), totals)));
            out.flush();
        }
    }

    static String line(String counter, JobTotals totals) {
        String steps = totals.steps() + " step" + (totals.steps() == 1 ? "" : "s");
        String usage = totals.tools() == 0 ? "" : "; tool CPU " + Units.toolCpu(totals) + ", peak RSS " + Units.peakRss(totals);
        return counter + " " + totals.job() + (totals.outcome() == Outcome.SUCCEEDED ? " done in " : " " + totals.outcome().label() + " after ")
                + Units.millis(totals.wallMillis()) + " (" + steps + usage + ")";
    }
}
