package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.log.ConsoleRoutes;
import dev.starfish.runtime.log.LazyLogger;
import dev.starfish.runtime.log.LoggingBootstrap;
import dev.starfish.runtime.log.RoutedConsole;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.Level;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The {@code starfish} executable's entry point ({@link #main}, the only place that calls
 * {@link System#exit}) and the one way to run a command ({@link #run(Invocation, String...)}).
 */
public final class StarfishCli {

    /** The subcommands that need the plugins loaded first: compile's options depend on the jobs. */
    private static final Set<String> MODEL_COMMANDS = Set.of("compile", "batch",
            "generate-completion", "generate-man-pages");

    /** The subcommands that describe the whole command model, so every subcommand must be registered. */
    private static final Set<String> WHOLE_MODEL_COMMANDS = Set.of("generate-completion",
            "generate-man-pages");

    /** The subcommands that load no plugin, where the inherited plugin options would mean nothing. */
    private static final Set<String> PLUGIN_FREE_COMMANDS = Set.of("cache", "inspect", "clean", "server", "generate-completion");

    /** Picocli refuses a narrower usage help. */
    private static final int MINIMUM_HELP_WIDTH = 55;

    /** How long a command's answer waits for its cancel's actions; a stop that hangs must not hold it forever. */
    private static final Duration CANCEL_ACTIONS_WAIT = Duration.ofSeconds(60);

    private StarfishCli() {
    }

    public static void main(String[] args) {
        Invocation invocation = ProcessInvocation.current();
        int code;
        try {
            if (!isVersionQuery(args)) {
                LoggingBootstrap.chooseFor(EarlyArguments.scan(args).subcommand(), System.getProperty("starfish.home"));
                // the JVM's console level, for an edited conf/log4j2.properties (Log4j core reads it as it starts)
                EarlyArguments.scan(args).applyConsoleLevel();
            }
            ProcessInvocation.cancelOnSignals(invocation.cancellation());
            code = run(invocation, args);
            String signal = Cancellation.signalOf(invocation.cancellation().cancelledBy());
            if (signal != null) {
                // the signal's code, as when its handler ends the JVM first
                code = Cancellation.exitCode(signal);
            }
        } catch (Throwable e) {
            System.err.println("starfish: error: internal error: " + e + "; " + CrashReportFile.where(e));
            code = ExitCodes.FAILURE;
        }
        System.out.flush();
        System.err.flush();
        invocation.out().flush();
        invocation.err().flush();
        System.exit(code);
    }

    /**
     * Sets a resident server's process up as {@code main} sets the one-shot driver's up for a
     * compile: the logging that routes every request's console lines and compile logs
     * ({@link LoggingBootstrap}). Called once, before the first request.
     */
    public static void prepareServerProcess() {
        LoggingBootstrap.chooseFor("compile", System.getProperty("starfish.home"));
        if (!LoggingBootstrap.ownLogging()) {
            // an edited configuration: Log4j core, whose console is routed per command
            RoutedConsole.routeSystemErr();
            LoggingBootstrap.start();
            RoutedConsole.filterByCommand();
        }
    }

    /**
     * Runs one command as {@code invocation} describes it and returns its exit code (0 ok, 1
     * failure, 2 usage or invalid input, 128 + N when cancelled by signal N): relative paths
     * against its working directory, its environment, its streams (escaped: control characters
     * shown as text), its terminal and its verbosity, its cancellation. Reads nothing of the
     * process's surroundings and never ends the JVM; several may run at once.
     */
    public static int run(Invocation invocation, String... args) {
        return run(invocation, CommandServices.oneShot(), args);
    }

    /** Runs one command as {@link #run(Invocation, String...)} does, with the caller's {@code services}. */
    public static int run(Invocation invocation, CommandServices services, String... args) {
        CommandStreams streams = CommandStreams.of(invocation);
        try {
            return runCommand(invocation, services, streams, args);
        } catch (RuntimeException | LinkageError | StackOverflowError | AssertionError e) {
            streams.err().println("starfish: error: internal error: " + e + "; " + CrashReportFile.where(e));
            return ExitCodes.FAILURE;
        } finally {
            // a cancel's actions (stop the tools, write the report, say so) end before the command's answer
            invocation.cancellation().awaitActions(CANCEL_ACTIONS_WAIT);
            streams.flush();
        }
    }

    private static int runCommand(Invocation invocation, CommandServices services, CommandStreams streams, String... args) {
        if (isVersionQuery(args)) {
            // Picocli's own answer, without building the model of every command first (most of its cost)
            for (String line : new VersionProvider().getVersion()) {
                streams.out().println(line);
            }
            return ExitCodes.OK;
        }
        Optional<String> unknown = EarlyArguments.unknownCommand(args);
        if (unknown.isPresent()) {
            return UsageErrorReporter.unknownCommand(newCommandLine(null, invocation, services, streams), unknown.get());
        }
        EarlyArguments early = EarlyArguments.scan(args);
        if (early.subcommand() != null) {
            LoggingBootstrap.start();
        }
        Level level = early.consoleLevel().map(v -> Level.toLevel(v.log4jLevel(), Level.WARN))
                .orElseGet(LazyLogger::consoleThreshold);
        try (ConsoleRoutes.Registration route = ConsoleRoutes.process()
                .open(new ConsoleRoutes.Route(streams.errStream(), level))) {
            return execute(invocation, services, streams, early, args);
        }
    }

    private static int execute(Invocation invocation, CommandServices services, CommandStreams streams, EarlyArguments early,
            String... args) {
        CommandLine commandLine = newCommandLine(onlySubcommand(early, args), invocation, services, streams);
        if (early.subcommand() == null || !MODEL_COMMANDS.contains(early.subcommand())) {
            return commandLine.execute(args);
        }
        Host host;
        try {
            host = HostOptions.open(invocation, services.hosts(), early.pluginsDir(), early.rejectJobs(), false);
        } catch (RuntimeException e) {
            commandLine.getErr().println("starfish: error: " + e.getMessage());
            commandLine.getErr().flush();
            return new ExitCodes().getExitCode(e);
        }
        try (host) {
            for (CommandLine subcommand : commandLine.getSubcommands().values()) {
                attachTo(subcommand.getCommandSpec(), host);
            }
            return commandLine.execute(args);
        }
    }

    private static void attachTo(CommandSpec command, Host host) {
        if (command.userObject() instanceof HostAware aware) {
            aware.attach(host);
        }
        command.mixins().values().forEach(mixin -> attachTo(mixin, host));
    }

    /**
     * The one subcommand to register (the others' classes are not even inspected), or null for all:
     * {@code help}, completion and manual pages describe every command.
     */
    private static String onlySubcommand(EarlyArguments early, String[] args) {
        String named = early.subcommand();
        if (named == null || WHOLE_MODEL_COMMANDS.contains(named) || Arrays.asList(args).contains("help")) {
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
     * pipe: the invocation's environment and terminal.
     */
    static CommandLine.Help.Ansi ansi(Invocation invocation) {
        Map<String, String> env = invocation.environment();
        boolean dumb = env.get("TERM") == null || "dumb".equals(env.get("TERM")) || env.containsKey("NO_COLOR");
        boolean tty = invocation.terminal().stdoutIsTerminal();
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

    /** The configured command line with every subcommand, for the process's invocation; used by tests. */
    public static CommandLine newCommandLine() {
        Invocation invocation = ProcessInvocation.ofSystemStreams();
        return newCommandLine(null, invocation, CommandServices.oneShot(), CommandStreams.of(invocation));
    }

    /**
     * The configured command line with only the subcommand {@code only} when it names one (the
     * others' classes are not even inspected), else with every subcommand, bound to one command:
     * a model from {@code services}' {@link CommandModels}, made ahead in a server.
     */
    static CommandLine newCommandLine(String only, Invocation invocation, CommandServices services,
            CommandStreams streams) {
        CommandLine commandLine = services.models().take(only);
        ((StarfishCommand) commandLine.getCommand()).bind(invocation, streams, services);
        commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(ansi(invocation)));
        commandLine.setUsageHelpAutoWidth(true);
        helpWidth(invocation.environment()).ifPresent(width -> {
            commandLine.setUsageHelpAutoWidth(false);
            commandLine.setUsageHelpWidth(width);
        });
        commandLine.setOut(streams.out());
        commandLine.setErr(streams.err());
        return commandLine;
    }

    /**
     * The part of a command line that is the same for every command (Picocli's model of the
     * annotated classes, most of its cost), bound to none yet: with only the subcommand
     * {@code only}, or every subcommand for null.
     */
    static CommandLine newModel(String only) {
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
        // last of the model: picocli gives the factory to the subcommands registered by now
        commandLine.setHelpFactory(SpaceWrappingHelp.FACTORY);
        return commandLine;
    }

    /**
     * The width of the usage help when the caller's {@code COLUMNS} gives one (at least picocli's
     * minimum of 55); otherwise picocli asks the terminal, else uses 80. A {@code COLUMNS} that is
     * not a positive number is ignored, as {@code ls} ignores it.
     */
    static Optional<Integer> helpWidth(Map<String, String> env) {
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
