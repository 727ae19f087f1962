package dev.starfish.runtime.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Whether this host can sandbox tool steps, found out once for the host's lifetime (a resident
 * server keeps its answer): a trusted {@code bwrap} ({@link BubblewrapLocator}) runs {@code true}
 * in the very sandbox a step gets, around a fresh temporary step directory. A host without user
 * namespaces, or a container without the capability, fails there, and the first line {@code bwrap}
 * printed says why. Thread-safe.
 */
public final class SandboxProbe {

    static final String ENABLE_NAMESPACES = "allow user namespaces (sysctl kernel.unprivileged_userns_clone=1, "
            + "user.max_user_namespaces > 0; in a Docker container: --security-opt seccomp=unconfined --security-opt "
            + "systempaths=unconfined, and apparmor=unconfined where AppArmor confines containers)";
    private static final long PROBE_SECONDS = 10;

    private final String pathVariable;
    private SandboxSupport support;
    private boolean started;

    /** A probe that looks for {@code bwrap} in {@code pathVariable} ({@code PATH}; may be null), then {@code /usr/bin}. */
    public SandboxProbe(String pathVariable) {
        this.pathVariable = pathVariable;
    }

    /** A probe that already knows its answer: for a host whose answer was found elsewhere, and tests. */
    public static SandboxProbe knowing(SandboxSupport answer) {
        SandboxProbe probe = new SandboxProbe(null);
        probe.support = answer;
        return probe;
    }

    /** The answer, probed at the first call (or waited for, while {@link #startInBackground} probes). */
    public synchronized SandboxSupport support() {
        if (support == null) {
            support = probe();
        }
        return support;
    }

    /**
     * Starts probing on a daemon thread unless the answer is known or being found, so the trial
     * run of {@code bwrap} overlaps a compile's in-process jobs instead of delaying its first tool
     * step; {@link #support()} then waits for it.
     */
    public synchronized void startInBackground() {
        if (support != null || started) {
            return;
        }
        started = true;
        Thread probing = new Thread(this::support, "starfish-sandbox-probe");
        probing.setDaemon(true);
        probing.start();
    }

    private SandboxSupport probe() {
        BubblewrapLocator.Found found = BubblewrapLocator.locate(pathVariable);
        if (found.bwrap().isEmpty()) {
            return SandboxSupport.unavailable(found.whyNot(), "install bubblewrap (apt-get install bubblewrap)");
        }
        Path bwrap = found.bwrap().get();
        Path step = null;
        try {
            step = Files.createTempDirectory("starfish-sandbox-probe");
            BwrapArguments words = new BwrapArguments(bwrap);
            List<String> argv = new ArrayList<>(words.forStep(new SandboxView(step, List.of())));
            argv.add(trueCommand());
            Process process = new ProcessBuilder(argv).redirectInput(Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(Redirect.DISCARD).start();
            String said;
            try (InputStream err = process.getErrorStream()) {
                said = new String(err.readNBytes(4096), StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
            }
            if (!process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return SandboxSupport.unavailable(bwrap + " did not finish a trial run in " + PROBE_SECONDS + " s",
                        ENABLE_NAMESPACES);
            }
            if (process.exitValue() != 0) {
                return SandboxSupport.unavailable(bwrap + " cannot create the sandbox here (exit status "
                        + process.exitValue() + (said.isEmpty() ? "" : ": " + said) + ")", ENABLE_NAMESPACES);
            }
            return SandboxSupport.available(words);
        } catch (IOException e) {
            return SandboxSupport.unavailable("the trial run of " + bwrap + " failed: " + e.getMessage(),
                    ENABLE_NAMESPACES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return SandboxSupport.unavailable("the trial run of " + bwrap + " was interrupted", ENABLE_NAMESPACES);
        } finally {
            deleteQuietly(step);
        }
    }

    private static String trueCommand() {
        return Files.isExecutable(Path.of("/usr/bin/true")) ? "/usr/bin/true" : "/bin/true";
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // a leftover empty directory in the temporary directory harms nobody
        }
    }
}
