package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import java.io.UncheckedIOException;
import org.apache.logging.log4j.LogManager;
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
                || exception instanceof UncheckedIOException || exception instanceof IllegalStateException;
        String message = exception.getMessage() == null ? exception.toString() : exception.getMessage();
        if (!expected) {
            LogManager.getLogger(ErrorReporter.class).error("internal error", exception);
            message = "internal error: " + exception + " (see the log for the stack trace)";
        }
        commandLine.getErr().println("starfish: error: " + message);
        commandLine.getErr().flush();
        return new ExitCodes().getExitCode(exception);
    }
}
