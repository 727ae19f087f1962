package dev.starfish.runtime.launch;

import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.util.List;

/**
 * The text of a {@code ChildProcessException}: the seed's {@code Child process job "<Job>" exited
 * abnormally!}, how it ended and why, the last output lines and the replay script.
 */
final class FailureMessage {

    private static final String INDENT = "    ";

    private FailureMessage() {
    }

    static String of(ProcessResult result) {
        StringBuilder text = new StringBuilder();
        text.append("Child process job \"").append(result.command().job()).append("\" exited abnormally! ");
        if (result.status().kind() == ExitStatus.Kind.FAILED_TO_START) {
            text.append("could not start: ").append(result.failure());
        } else {
            text.append(result.status().describe());
        }
        if (result.cpuLimitExceeded()) {
            text.append(": CPU time limit of ").append(result.command().cpuLimitSeconds()).append(" s exceeded");
        }
        if (result.timedOut()) {
            text.append(": wall-clock timeout of ").append(ShimCommandLine.seconds(result.command().timeout()))
                    .append(" s exceeded");
        }
        if (isUnexplainedKill(result)) {
            text.append(" (nothing in Starfish sent it: a SIGKILL like this usually comes from the kernel's"
                    + " out-of-memory killer when the tool reaches the memory limit of its container or cgroup;"
                    + " peak RSS was ").append(result.maxRssKb()).append(" KiB. Raise the memory limit or give the"
                    + " tool less to do)");
        }
        text.append('\n');
        appendLines(text, "Last output:", result.outputTail());
        if (!result.errorTail().isEmpty()) {
            appendLines(text, "Last error output:", result.errorTail());
        }
        text.append("Replay this job by calling: ").append(result.replayScript());
        return text.toString();
    }

    /** A SIGKILL that neither the CPU limit nor the timeout explains. */
    static boolean isUnexplainedKill(ProcessResult result) {
        return result.status().kind() == ExitStatus.Kind.SIGNALED && result.status().signal() == 9
                && !result.cpuLimitExceeded() && !result.timedOut();
    }

    private static void appendLines(StringBuilder text, String title, List<String> lines) {
        text.append(title);
        if (lines.isEmpty()) {
            text.append(" (none)");
        }
        text.append('\n');
        for (String line : lines) {
            text.append(INDENT).append(line).append('\n');
        }
    }
}
