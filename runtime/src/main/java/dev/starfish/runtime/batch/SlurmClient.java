package dev.starfish.runtime.batch;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The standard Slurm client commands a batch needs, run from {@code PATH}: {@code sbatch} to
 * submit, {@code scontrol show job} to follow the array, {@code scancel} to stop it.
 */
final class SlurmClient {

    private static final int KEPT_BYTES = 64 * 1024;
    private static final int MESSAGE_CHARS = 300;

    private final Map<String, String> environment;
    private final Path workingDirectory;

    /** The client commands as {@code environment} (the command's) finds and runs them, in {@code workingDirectory}. */
    SlurmClient(Map<String, String> environment, Path workingDirectory) {
        this.environment = Map.copyOf(environment);
        this.workingDirectory = workingDirectory;
    }

    /** One finished command: its exit code and output. */
    record Result(int exitCode, String stdout, String stderr) {
    }

    /** Submits and returns the array's job id ({@code sbatch --parsable} prints {@code ID} or {@code ID;CLUSTER}). */
    String submit(List<String> argv) {
        Result result = run(argv);
        if (result.exitCode() != 0) {
            throw new JobException("sbatch refused the batch (exit " + result.exitCode() + "): "
                    + firstLine(result.stderr()) + "; command: " + String.join(" ", argv));
        }
        String id = result.stdout().strip().split(";")[0];
        if (!id.matches("\\d+")) {
            throw new JobException("sbatch printed '" + result.stdout().strip() + "', expected a job id");
        }
        return id;
    }

    /** The array tasks' states; empty once slurmctld has forgotten the job. */
    Map<Integer, SlurmTaskState> states(String jobId) {
        Result result = run(List.of("scontrol", "show", "job", "-o", jobId));
        if (result.exitCode() != 0) {
            if (result.stderr().contains("Invalid job id")) {
                return Map.of();
            }
            throw new JobException("scontrol show job " + jobId + " failed (exit " + result.exitCode() + "): "
                    + firstLine(result.stderr()));
        }
        return SlurmJobStates.parse(result.stdout());
    }

    /** Cancels every task of the array; a failure is left to Slurm's own time limit. */
    void cancel(String jobId) {
        run(List.of("scancel", jobId));
    }

    private Result run(List<String> argv) {
        try {
            List<String> command = new ArrayList<>(argv);
            command.set(0, onPath(argv.get(0)));
            ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE)
                    .directory(workingDirectory.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process = builder.start();
            process.getOutputStream().close();
            CompletableFuture<byte[]> err = drain(process.getErrorStream(), argv.get(0));
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(process.waitFor(), out, new String(err.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InvalidInputException("cannot run " + argv.get(0) + ": " + e.getMessage()
                    + "; --executor slurm needs the Slurm client commands (sbatch, scontrol, scancel) on PATH");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobException("interrupted while running " + argv.get(0), e);
        }
    }

    /** {@code name} as the command's {@code PATH} finds it (the JVM would search its own), else as given. */
    private String onPath(String name) {
        String path = environment.getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return name;
    }

    /**
     * Reads a stream to its end on a thread of its own, keeping its first {@value #KEPT_BYTES}
     * bytes: a command that fills one pipe while the other is being read would otherwise wait
     * forever on its reader, and a chatty one must not fill the driver's memory.
     */
    private static CompletableFuture<byte[]> drain(InputStream in, String command) {
        CompletableFuture<byte[]> bytes = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            try (in) {
                for (int n; (n = in.read(chunk)) >= 0; ) {
                    kept.write(chunk, 0, Math.max(0, Math.min(n, KEPT_BYTES - kept.size())));
                }
            } catch (IOException e) {
                kept.writeBytes(("(stderr of " + command + " unreadable: " + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8));
            }
            bytes.complete(kept.toByteArray());
        }, "starfish-" + command + "-stderr");
        reader.setDaemon(true);
        reader.start();
        return bytes;
    }

    private static String firstLine(String text) {
        String line = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("(no message)").strip();
        return line.length() <= MESSAGE_CHARS ? line : line.substring(0, MESSAGE_CHARS) + "...";
    }
}
