package dev.starfish.runtime.launch;

import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The text of a {@code ChildProcessException}: the seed's {@code Child process job "<Job>" exited
 * abnormally!}, how it ended ({@code exit status 1}, {@code killed by signal 9 (SIGKILL)}) and why,
 * the last output and error lines (a section without lines is left out) and the replay script.
 */
public final class FailureMessage {

    private static final String INDENT = "    ";
    /** A line of the snippet a tool prints under a located diagnostic: the gutter, then " | ". */
    private static final Pattern SNIPPET_LINE = Pattern.compile(" *[0-9]* \\| ");

    private FailureMessage() {
    }

    static String of(ProcessResult result) {
        return of(result, false);
    }

    /**
     * The text for a run that was {@code sandboxed}: when its last lines name an error the sandbox
     * causes (a read-only file system, a missing file, a refused connection), a line says so.
     */
    static String of(ProcessResult result, boolean sandboxed) {
        StringBuilder text = new StringBuilder();
        text.append("Child process job \"").append(result.command().job()).append("\" exited abnormally! ");
        if (result.status().kind() == ExitStatus.Kind.FAILED_TO_START) {
            text.append("could not start: ").append(result.failure());
            // "No such file or directory" of a tool that is there: its interpreter is missing; say what lint says
            if (!result.command().useShell()) {
                Path tool = Path.of(result.command().argv().get(0));
                ToolFileProblem.ofFile(tool).ifPresent(problem -> text.append("; the tool ").append(tool).append(' ')
                        .append(problem));
            }
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
        appendLines(text, "Last error output:", result.errorTail());
        if (sandboxed && result.status().kind() != ExitStatus.Kind.FAILED_TO_START && SandboxNote.applies(result)) {
            text.append(SandboxNote.of(result)).append('\n');
        }
        text.append("Replay this job by calling: ").append(result.replayScript());
        return text.toString();
    }

    /**
     * The line that says why the tool failed, as the message shows it last: the last line of its
     * error output, else of its output, that is not part of the source snippet under a located
     * diagnostic ({@code "   12 | source"}, {@code "      |   ^~~"}, see docs/toolchain-contract.md);
     * empty when it printed nothing.
     */
    public static Optional<String> cause(ProcessResult result) {
        List<String> lines = !result.errorTail().isEmpty() ? result.errorTail() : result.outputTail();
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!SNIPPET_LINE.matcher(lines.get(i)).lookingAt()) {
                return Optional.of(lines.get(i).strip());
            }
        }
        return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(lines.size() - 1).strip());
    }

    /** A SIGKILL that neither the CPU limit nor the timeout explains. */
    static boolean isUnexplainedKill(ProcessResult result) {
        return result.status().kind() == ExitStatus.Kind.SIGNALED && result.status().signal() == 9
                && !result.cpuLimitExceeded() && !result.timedOut();
    }

    /** A titled section of indented lines; nothing at all when there are none. */
    private static void appendLines(StringBuilder text, String title, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        text.append(title).append('\n');
        for (String line : lines) {
            text.append(INDENT).append(line).append('\n');
        }
    }
}
