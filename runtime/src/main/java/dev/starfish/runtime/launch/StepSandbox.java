package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.sandbox.BwrapArguments;
import dev.starfish.runtime.sandbox.SandboxPolicy;
import dev.starfish.runtime.sandbox.SandboxView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Which commands of a launcher run sandboxed, and in what view: a launcher made for a compile's
 * steps ({@link ProcessLauncher#forCompile}) shows each step, read-only, the directories its tools
 * are found in and the tool's own, the installation's library directories and {@code conf/} (what
 * the compile cache's key covers of the installation, and the settings), and of the compile's work
 * directory only what the step's job declares it consumes ({@link #withInputs}; the whole work
 * directory until a job's inputs are given); and its working directory (the step directory)
 * writable. A launcher made for no compile (tests of the launcher, the build's own tools) runs
 * commands as before. Every launcher derived from one command's shares the warnings it gave, each given once.
 * Immutable but for the warnings given.
 */
final class StepSandbox {

    private static final Logger LOG = LogManager.getLogger(StepSandbox.class);

    private final SandboxPolicy policy;
    private final Optional<Path> workDir;
    private final Optional<List<Path>> inputs;
    private final Set<String> warned;

    private StepSandbox(SandboxPolicy policy, Optional<Path> workDir, Optional<List<Path>> inputs,
            Set<String> warned) {
        this.policy = requireNonNull(policy, "policy is null");
        this.workDir = workDir;
        this.inputs = inputs.map(List::copyOf);
        this.warned = warned;
    }

    /** The sandbox of a new command's launcher: no compile yet, no warning given yet. */
    static StepSandbox of(SandboxPolicy policy) {
        return new StepSandbox(policy, Optional.empty(), Optional.empty(), ConcurrentHashMap.newKeySet());
    }

    /** The same, for the steps of the compile whose work directory is {@code dir}, shown it whole. */
    StepSandbox forWorkDir(Path dir) {
        return new StepSandbox(policy, Optional.of(dir.toAbsolutePath().normalize()), Optional.empty(), warned);
    }

    /**
     * The same, for the steps of one job: shown, read-only, only {@code declared} (absolute paths:
     * the work directory's files of the artifacts the job consumes, the model) besides the
     * installation and each step's own directory, rather than the whole work directory.
     */
    StepSandbox withInputs(List<Path> declared) {
        List<Path> normalized = declared.stream().map(path -> path.toAbsolutePath().normalize()).toList();
        return new StepSandbox(policy, workDir, Optional.of(normalized), warned);
    }

    SandboxPolicy policy() {
        return policy;
    }

    /**
     * What the supervisor runs for {@code command} (its program resolved): {@code bwrap}'s words
     * then the command's argv, or the command itself when it is not a compile's step or the policy
     * runs steps unsandboxed (then the command's first such step logs the policy's warning).
     *
     * @throws InvalidInputException with {@code required} on a host that cannot sandbox
     */
    Command executed(Command command, Path home, List<Path> toolDirs) {
        if (workDir.isEmpty()) {
            return command;
        }
        Optional<String> refusal = policy.refusal();
        if (refusal.isPresent()) {
            throw new InvalidInputException(refusal.get());
        }
        Optional<BwrapArguments> bwrap = policy.arguments();
        if (bwrap.isEmpty()) {
            policy.warning().ifPresent(warning -> warnOnce(warning, warning));
            return command;
        }
        for (Path writable : policy.settings().writable()) {
            if (!Files.exists(writable)) {
                warnOnce(writable.toString(), Setting.SANDBOX_WRITABLE.key() + " names " + writable
                        + ", which does not exist when job " + command.job() + "'s step starts: its steps run without"
                        + " it (make it first, or remove it from " + Setting.SANDBOX_WRITABLE.key() + ")");
            }
        }
        List<String> argv = new ArrayList<>(bwrap.get().forStep(viewOf(command, home, toolDirs)));
        argv.addAll(command.executedArgv());
        return new Command(command.job(), command.replayName(), argv, command.workingDir(), command.envOverrides(),
                command.envRemovals(), false, command.exposeStderr(), command.propagateExit(), command.useLogger(),
                command.timeout(), command.cpuLimitSeconds(), command.headLines(), command.tailLines());
    }

    /**
     * The words a step in {@code stepDir} runs after, for the plan ({@code -###}); empty when
     * steps run unsandboxed. A step's own tool's directory is not among them; its declared inputs
     * are when they were given.
     */
    Optional<List<String>> wordsFor(Path stepDir, Path home, List<Path> toolDirs) {
        return policy.arguments().map(bwrap -> bwrap.forStep(view(stepDir, installation(home, toolDirs))));
    }

    /**
     * The view of a step in {@code stepDir}: {@code readOnly}, then of the work directory its
     * declared inputs (the work directory shown only in part, unless it is the step's own) or,
     * with none given, all of it.
     */
    private SandboxView view(Path stepDir, List<Path> readOnly) {
        Optional<Path> partial = Optional.empty();
        if (workDir.isPresent()) {
            Path work = workDir.get();
            readOnly.addAll(inputs.orElse(List.of(work)));
            Path step = stepDir.toAbsolutePath().normalize();
            if (inputs.isPresent() && !step.equals(work) && step.startsWith(work)) {
                partial = workDir;
            }
        }
        return new SandboxView(stepDir, readOnly, policy.settings().writable(), partial);
    }

    /** Logs {@code warning} unless this command's launchers logged one of that {@code subject} already. */
    private void warnOnce(String subject, String warning) {
        if (warned.add(subject)) {
            LOG.warn(warning);
        }
    }

    private static List<Path> installation(Path home, List<Path> toolDirs) {
        StarfishHome layout = new StarfishHome(home);
        List<Path> readOnly = new ArrayList<>(toolDirs);
        readOnly.addAll(layout.libraryDirs());
        readOnly.add(layout.confDir());
        return readOnly;
    }

    private SandboxView viewOf(Command command, Path home, List<Path> toolDirs) {
        List<Path> readOnly = installation(home, toolDirs);
        if (!command.useShell()) {
            Path tool = Path.of(command.argv().get(0)).getParent();
            if (tool != null) {
                readOnly.add(tool);
            }
        }
        return view(command.workingDir(), readOnly);
    }
}
