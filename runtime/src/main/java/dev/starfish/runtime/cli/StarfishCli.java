package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.host.Host;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The {@code starfish} executable's entry point; the only place that calls {@link System#exit}. */
public final class StarfishCli {

    /** The subcommands that need the plugins loaded first: compile's options depend on the jobs. */
    private static final java.util.Set<String> MODEL_COMMANDS = java.util.Set.of("compile", "batch",
            "generate-completion", "generate-man-pages");

    /** The subcommands that describe the whole command model, so every subcommand must be registered. */
    private static final java.util.Set<String> WHOLE_MODEL_COMMANDS = java.util.Set.of("generate-completion",
            "generate-man-pages");

    /** The subcommands that load no plugin, where the inherited plugin options would mean nothing. */
    private static final Set<String> PLUGIN_FREE_COMMANDS = Set.of("cache", "inspect", "clean", "generate-completion");

    /** Picocli refuses a narrower usage help. */
    private static final int MINIMUM_HELP_WIDTH = 55;

    private StarfishCli() {
    }

    public static void main(String[] args) {
        ConsoleStreams.escapeStandardStreams();
        int code;
        try {
            if (!isVersionQuery(args)) {
                LoggingBootstrap.chooseFor(EarlyArguments.scan(args).subcommand(), System.getProperty("starfish.home"));
            }
            code = run(args);
        } catch (Throwable e) {
            System.err.println("starfish: error: internal error: " + e + "; " + CrashReportFile.where(e));
            code = ExitCodes.FAILURE;
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** Runs the CLI and returns its exit code (0 ok, 1 failure, 2 usage or invalid input). */
    public static int run(String... args) {
        if (isVersionQuery(args)) {
            // Picocli's own answer, without building the model of every command first (most of its cost)
            for (String line : new VersionProvider().getVersion()) {
                System.out.println(line);
            }
            System.out.flush();
            return ExitCodes.OK;
        }
        Optional<String> unknown = EarlyArguments.unknownCommand(args);
        if (unknown.isPresent()) {
            return UsageErrorReporter.unknownCommand(newCommandLine(), unknown.get());
        }
        EarlyArguments early = EarlyArguments.scan(args);
        early.applyConsoleLevel();
        if (early.subcommand() != null) {
            LoggingBootstrap.start();
        }
        CommandLine commandLine = newCommandLine(onlySubcommand(early, args));
        if (early.subcommand() == null || !MODEL_COMMANDS.contains(early.subcommand())) {
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
            for (CommandLine subcommand : commandLine.getSubcommands().values()) {
                if (subcommand.getCommand() instanceof HostAware aware) {
                    aware.attach(host);
                }
            }
            return commandLine.execute(args);
        }
    }

    /**
     * The one subcommand to register (the others' classes are not even inspected), or null for all:
     * {@code help}, completion and manual pages describe every command.
     */
    private static String onlySubcommand(EarlyArguments early, String[] args) {
        String named = early.subcommand();
        if (named == null || WHOLE_MODEL_COMMANDS.contains(named) || java.util.Arrays.asList(args).contains("help")) {
            return null;
        }
        return named;
    }

    private static boolean isVersionQuery(String[] args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    private static Object newInstance(Class<?> type) {
        try {
            return CommandLine.defaultFactory().create(type);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create the command " + type.getName(), e);
        }
    }

    /**
     * Colour only on a terminal that can show it: never for {@code TERM=dumb}, {@code NO_COLOR} or a
     * pipe. {@code bin/starfish} gives the JVM the user's stdout on another descriptor than 1
     * ({@link UserStdout}), so it tells whether that is a terminal in {@code starfish.stdout.tty}.
     */
    static CommandLine.Help.Ansi ansi(java.util.Map<String, String> env) {
        boolean dumb = env.get("TERM") == null || "dumb".equals(env.get("TERM")) || env.containsKey("NO_COLOR");
        boolean tty = Boolean.parseBoolean(System.getProperty("starfish.stdout.tty",
                String.valueOf(System.console() != null)));
        return !dumb && tty ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF;
    }

    private static void dropPluginOptions(CommandLine command) {
        for (String name : List.of("--plugins-dir", "--reject-jobs")) {
            OptionSpec option = command.getCommandSpec().findOption(name);
            if (option != null) {
                command.getCommandSpec().remove(option);
            }
        }
        command.getSubcommands().values().forEach(StarfishCli::dropPluginOptions);
    }

    /** The configured command line with every subcommand, also used by tests. */
    public static CommandLine newCommandLine() {
        return newCommandLine(null);
    }

    /**
     * The configured command line with only the subcommand {@code only} when it names one (the
     * others' classes are not even inspected), else with every subcommand.
     */
    static CommandLine newCommandLine(String only) {
        CommandLine commandLine = new CommandLine(new StarfishCommand());
        for (Class<?> type : StarfishCommand.SUBCOMMANDS) {
            String name = type.getAnnotation(CommandLine.Command.class).name();
            if (only == null || only.equals(name)) {
                commandLine.addSubcommand(name, newInstance(type));
            }
        }
        PLUGIN_FREE_COMMANDS.stream().map(commandLine.getSubcommands()::get).filter(Objects::nonNull)
                .forEach(StarfishCli::dropPluginOptions);
        commandLine.setExitCodeExceptionMapper(new ExitCodes());
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        commandLine.setParameterExceptionHandler(new UsageErrorReporter());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(ansi(System.getenv())));
        commandLine.setUsageHelpAutoWidth(true);
        helpWidth(System.getenv()).ifPresent(width -> {
            commandLine.setUsageHelpAutoWidth(false);
            commandLine.setUsageHelpWidth(width);
        });
        // last: picocli gives the factory to the subcommands registered by now
        commandLine.setHelpFactory(SpaceWrappingHelp.FACTORY);
        return commandLine;
    }

    /**
     * The width of the usage help when the caller's {@code COLUMNS} gives one (at least picocli's
     * minimum of 55); otherwise picocli asks the terminal, else uses 80. A {@code COLUMNS} that is
     * not a positive number is ignored, as {@code ls} ignores it.
     */
    static Optional<Integer> helpWidth(java.util.Map<String, String> env) {
        String columns = env.get("COLUMNS");
        if (columns == null) {
            return Optional.empty();
        }
        try {
            int width = Integer.parseInt(columns.trim());
            return width > 0 ? Optional.of(Math.max(MINIMUM_HELP_WIDTH, width)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
