package dev.starfish.runtime.cli;

import picocli.CommandLine;

/** The {@code starfish} executable's entry point; the only place that calls {@link System#exit}. */
public final class StarfishCli {

    private StarfishCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code (0 ok, 1 failure, 2 usage or invalid input). */
    public static int run(String... args) {
        return newCommandLine().execute(args);
    }

    /** The configured command line, also used by tests. */
    public static CommandLine newCommandLine() {
        CommandLine commandLine = new CommandLine(new StarfishCommand());
        commandLine.setExecutionStrategy(new LoggingExecutionStrategy());
        commandLine.setExitCodeExceptionMapper(new ExitCodes());
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        return commandLine;
    }
}
