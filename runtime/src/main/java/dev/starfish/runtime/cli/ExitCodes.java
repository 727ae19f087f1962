package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import picocli.CommandLine;

/**
 * The documented exit codes: 0 success, 1 a job or the driver failed, 2 usage error or
 * invalid input (unknown job, missing model, a tool that cannot be found).
 */
public final class ExitCodes implements CommandLine.IExitCodeExceptionMapper {

    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int INVALID_INPUT = 2;

    @Override
    public int getExitCode(Throwable exception) {
        return exception instanceof InvalidInputException || exception instanceof CommandLine.ParameterException
                ? INVALID_INPUT : FAILURE;
    }
}
