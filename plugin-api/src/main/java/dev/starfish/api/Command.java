package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command a job asks the launcher to run: an immutable value that can be printed as one
 * replayable shell line, run, or written as a replay script (clang's driver {@code Command}).
 *
 * @param job the name of the job that creates it, e.g. {@code WalrusDriver}
 * @param replayName the replay script's stem: {@code replay_<replayName>.sh}
 * @param argv the program and its arguments, none holding a NUL byte; the program is a resolved absolute path
 * @param workingDir where the tool runs, absolute
 * @param envOverrides variables set for the child on top of the inherited environment; names are
 *        portable shell names ({@code [A-Za-z_][A-Za-z0-9_]*}), values hold no NUL
 * @param envRemovals variables removed from the inherited environment, names as for {@code envOverrides}
 * @param useShell run {@code argv} as one {@code /bin/bash -c} script (argv must then hold one element)
 * @param exposeStderr merge stderr into stdout (the seed's {@code expose_stderr})
 * @param propagateExit raise {@link ChildProcessException} on a non-zero exit
 * @param useLogger stream the output into the log as it arrives
 * @param timeout wall-clock limit, {@link Duration#ZERO} for none
 * @param cpuLimitSeconds CPU-seconds limit ({@code RLIMIT_CPU}), 0 for none
 * @param headLines how many first output lines to keep in memory
 * @param tailLines how many last output lines to keep in memory
 */
public record Command(String job, String replayName, List<String> argv, Path workingDir,
        Map<String, String> envOverrides, Set<String> envRemovals, boolean useShell, boolean exposeStderr,
        boolean propagateExit, boolean useLogger, Duration timeout, int cpuLimitSeconds, int headLines,
        int tailLines) {

    public Command {
        requireNonNull(job, "job is null");
        requireNonNull(replayName, "replayName is null");
        argv = List.copyOf(requireNonNull(argv, "argv is null"));
        requireNonNull(workingDir, "workingDir is null");
        envOverrides = Map.copyOf(requireNonNull(envOverrides, "envOverrides is null"));
        envRemovals = Set.copyOf(requireNonNull(envRemovals, "envRemovals is null"));
        requireNonNull(timeout, "timeout is null");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("command of job " + job + " has an empty argv");
        }
        if (useShell && argv.size() != 1) {
            throw new IllegalArgumentException("a useShell command is one script string, found " + argv.size() + " words");
        }
        for (String word : argv) {
            if (word.indexOf('\0') >= 0) {
                throw new InvalidInputException("argument " + ShellQuote.quote(word.replace("\0", "\\0"))
                        + " of job " + job + " contains a NUL byte, which exec cannot pass; remove it from the"
                        + " argument");
            }
        }
        envOverrides.forEach((name, value) -> checkVariable(job, name, value));
        envRemovals.forEach(name -> checkVariable(job, name, ""));
        if (!workingDir.isAbsolute()) {
            throw new IllegalArgumentException("working directory must be absolute, found " + workingDir);
        }
        if (!replayName.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("replay name must be a plain file stem, found '" + replayName + "'");
        }
        if (cpuLimitSeconds < 0 || headLines < 0 || tailLines < 0 || timeout.isNegative()) {
            throw new IllegalArgumentException("limits of command of job " + job + " must not be negative");
        }
    }

    /** Starts a builder for a command of {@code job} running {@code argv} in {@code workingDir}. */
    public static Builder builder(String job, Path workingDir, List<String> argv) {
        return new Builder(job, workingDir, argv);
    }

    /** The argv actually executed: {@code ["/bin/bash", "-c", script]} for a shell command. */
    public List<String> executedArgv() {
        return useShell ? List.of("/bin/bash", "-c", argv.get(0)) : argv;
    }

    /**
     * The command as one shell line, every word quoted like {@code shlex.quote}:
     * {@code cd DIR && unset R1 R2 && A=1 B=2 exec ARGV}. Variables are set as a shell prefix, not
     * through {@code env}, because {@code env} takes any word holding {@code =} (such as the tool
     * path {@code /x/a=b/tool}) for an assignment, even after {@code --}.
     */
    public String toShellLine() {
        StringBuilder line = new StringBuilder("cd ").append(ShellQuote.quote(workingDir.toString())).append(" && ");
        if (!envRemovals.isEmpty()) {
            line.append("unset ").append(String.join(" ", envRemovals.stream().sorted().toList())).append(" && ");
        }
        envOverrides.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> line.append(e.getKey()).append('=').append(ShellQuote.quote(e.getValue())).append(' '));
        return line.append("exec ").append(ShellQuote.join(executedArgv())).toString();
    }

    /** The same command with another argv, e.g. its program resolved to an absolute path. */
    public Command withArgv(List<String> value) {
        return new Command(job, replayName, value, workingDir, envOverrides, envRemovals, useShell, exposeStderr,
                propagateExit, useLogger, timeout, cpuLimitSeconds, headLines, tailLines);
    }

    /** The same command with another wall-clock limit ({@link Duration#ZERO} for none). */
    public Command withTimeout(Duration value) {
        return new Command(job, replayName, argv, workingDir, envOverrides, envRemovals, useShell, exposeStderr,
                propagateExit, useLogger, value, cpuLimitSeconds, headLines, tailLines);
    }

    /** The replay script's text: {@code #!/bin/sh} and the shell line. */
    public String toReplayScript() {
        return "#!/bin/sh\n# Replay of job " + job + " written by Starfish\n" + toShellLine() + "\n";
    }

    /**
     * A variable must be a portable shell name ({@code [A-Za-z_][A-Za-z0-9_]*}) so the replay script
     * can set or unset it, and its value must hold no NUL, which exec cannot pass.
     */
    private static void checkVariable(String job, String name, String value) {
        requireNonNull(value, "value of " + name + " is null");
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new InvalidInputException("environment variable name '" + name.replace("\0", "\\0") + "' of job "
                    + job + " is invalid: expected letters, digits and underscores, not starting with a"
                    + " digit (a name a replay script can set and unset)");
        }
        if (value.indexOf('\0') >= 0) {
            throw new InvalidInputException("environment variable " + name + " of job " + job
                    + " has a value containing a NUL byte, which exec cannot pass; remove it from the value");
        }
    }

    /** Builds a {@link Command}; defaults follow the seed: inherited env, separate stderr, propagate exit, log output. */
    public static final class Builder {
        private final String job;
        private final Path workingDir;
        private final List<String> argv;
        private String replayName;
        private final Map<String, String> envOverrides = new LinkedHashMap<>();
        private final Set<String> envRemovals = new LinkedHashSet<>();
        private boolean useShell;
        private boolean exposeStderr;
        private boolean propagateExit = true;
        private boolean useLogger = true;
        private Duration timeout = Duration.ZERO;
        private int cpuLimitSeconds;
        private int headLines = 50;
        private int tailLines = 50;

        private Builder(String job, Path workingDir, List<String> argv) {
            this.job = job;
            this.workingDir = workingDir;
            this.argv = List.copyOf(argv);
            this.replayName = job;
        }

        public Builder replayName(String name) { this.replayName = name; return this; }
        public Builder env(String name, String value) { envOverrides.put(name, value); return this; }
        public Builder removeEnv(String name) { envRemovals.add(name); return this; }
        public Builder useShell(boolean value) { this.useShell = value; return this; }
        public Builder exposeStderr(boolean value) { this.exposeStderr = value; return this; }
        public Builder propagateExit(boolean value) { this.propagateExit = value; return this; }
        public Builder useLogger(boolean value) { this.useLogger = value; return this; }
        public Builder timeout(Duration value) { this.timeout = value; return this; }
        public Builder cpuLimitSeconds(int value) { this.cpuLimitSeconds = value; return this; }
        public Builder headLines(int value) { this.headLines = value; return this; }
        public Builder tailLines(int value) { this.tailLines = value; return this; }

        public Command build() {
            return new Command(job, replayName, argv, workingDir, envOverrides, envRemovals, useShell, exposeStderr,
                    propagateExit, useLogger, timeout, cpuLimitSeconds, headLines, tailLines);
        }
    }
}
