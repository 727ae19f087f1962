package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import picocli.CommandLine;

/**
 * Prints an error the user can act on — never a bare stack trace. Expected failures
 * (invalid input, a failed job, an IO problem) print their message; anything else is an
 * internal error whose stack trace goes to the log.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception exception, CommandLine commandLine,
            CommandLine.ParseResult parseResult) {
        boolean expected = exception instanceof InvalidInputException || exception instanceof JobException
                || exception instanceof UncheckedIOException;
        String message = exception.getMessage() == null ? exception.toString() : exception.getMessage();
        if (exception instanceof InvalidPathException invalid) {
            message = "the path '" + invalid.getInput() + "' cannot be used: " + invalid.getReason()
                    + " (file names must be valid in the locale's character set; rename the file)";
            return report(commandLine, message, ExitCodes.INVALID_INPUT);
        }
        if (!expected) {
            message = "internal error: " + exception + "; " + CrashReportFile.where(exception);
        }
        return report(commandLine, message, new ExitCodes().getExitCode(exception));
    }

    private static int report(CommandLine commandLine, String message, int code) {
        commandLine.getErr().println("starfish: error: " + message);
        commandLine.getErr().flush();
        return code;
    }
}
