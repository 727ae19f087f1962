package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.host.Host;
import picocli.CommandLine;

/** The {@code starfish} executable's entry point; the only place that calls {@link System#exit}. */
public final class StarfishCli {

    private StarfishCli() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Throwable e) {
            System.err.println("starfish: error: internal error: " + e + "; " + CrashReportFile.where(e));
            code = ExitCodes.FAILURE;
        }
        System.exit(code);
    }

    /** Runs the CLI and returns its exit code (0 ok, 1 failure, 2 usage or invalid input). */
    public static int run(String... args) {
        EarlyArguments early = EarlyArguments.scan(args);
        early.applyConsoleLevel();
        if (early.subcommand() != null) {
            LoggingBootstrap.start();
        }
        CommandLine commandLine = newCommandLine();
        if (!"compile".equals(early.subcommand()) && !"batch".equals(early.subcommand())) {
            return commandLine.execute(args);
        }
        Host host;
        try {
            host = Host.open(StarfishHome.locate(System.getenv()), early.pluginsDir(), early.rejectJobs());
        } catch (RuntimeException e) {
            commandLine.getErr().println("starfish: error: " + e.getMessage());
            commandLine.getErr().flush();
            return new ExitCodes().getExitCode(e);
        }
        try (host) {
            Object command = commandLine.getSubcommands().get(early.subcommand()).getCommand();
            if (command instanceof BatchCommand batch) {
                batch.attach(host);
            } else {
                ((CompileCommand) command).attach(host);
            }
            return commandLine.execute(args);
        }
    }

    /**
     * Colour only on a terminal that can show it: never for {@code TERM=dumb}, {@code NO_COLOR} or a
     * pipe. {@code bin/starfish} passes the JVM's stdout through a filter, so it tells whether the
     * user's stdout is a terminal in {@code starfish.stdout.tty}.
     */
    static CommandLine.Help.Ansi ansi(java.util.Map<String, String> env) {
        boolean dumb = env.get("TERM") == null || "dumb".equals(env.get("TERM")) || env.containsKey("NO_COLOR");
        boolean tty = Boolean.parseBoolean(System.getProperty("starfish.stdout.tty",
                String.valueOf(System.console() != null)));
        return !dumb && tty ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF;
    }

    /** The configured command line, also used by tests. */
    public static CommandLine newCommandLine() {
        CommandLine commandLine = new CommandLine(new StarfishCommand());
        commandLine.addSubcommand(new CacheCommand());
        commandLine.setExitCodeExceptionMapper(new ExitCodes());
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        commandLine.setParameterExceptionHandler(new UsageErrorReporter());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(ansi(System.getenv())));
        commandLine.setUsageHelpAutoWidth(true);
        return commandLine;
    }
}
