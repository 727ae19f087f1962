package dev.starfish.runtime.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * Looks for live processes in {@code /proc}: by program ({@code sleep} unless told otherwise) and
 * a unique argument ({@code /proc/<pid>/cmdline}), so a JVM or shell that merely passes the tag
 * on is never mistaken for the tool; or by process group. Waits poll {@code /proc} for the
 * process state they expect and give up after {@link #PATIENCE_MILLIS}, which only a broken
 * launcher reaches: they assert an event, not a duration.
 */
final class ProcessTable {

    /** How long a wait for a process to appear or go may take before the test fails. */
    static final long PATIENCE_MILLIS = 60_000;

    private ProcessTable() {
    }

    /** The pids of live (not zombie) {@code sleep} processes one of whose arguments equals {@code tag}. */
    static List<Long> withArgument(String tag) {
        return withProgramAndArgument("sleep", tag);
    }

    /** The pids of live (not zombie) processes running {@code program} with the argument {@code tag}. */
    static List<Long> withProgramAndArgument(String program, String tag) {
        return matching(pid -> hasArgument(Path.of("/proc", Long.toString(pid)), program, tag));
    }

    /** The pids of live (not zombie) processes in process group {@code pgid}. */
    static List<Long> inGroup(long pgid) {
        return matching(pid -> processGroup(Path.of("/proc", Long.toString(pid))) == pgid);
    }

    /** Polls until no {@code sleep} carries {@code tag} or the patience runs out; returns what is left. */
    static List<Long> awaitGone(String tag) throws InterruptedException {
        return awaitEmpty(() -> withArgument(tag));
    }

    /** Polls until group {@code pgid} has no live member or the patience runs out; returns what is left. */
    static List<Long> awaitGroupGone(long pgid) throws InterruptedException {
        return awaitEmpty(() -> inGroup(pgid));
    }

    /** Polls until a {@code sleep} carries {@code tag}; fails when the patience runs out. */
    static long awaitPresent(String tag) throws InterruptedException {
        return awaitPresent("sleep", tag);
    }

    /** Polls until a process runs {@code program} with argument {@code tag} and returns its pid. */
    static long awaitPresent(String program, String tag) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE_MILLIS * 1_000_000;
        List<Long> found = withProgramAndArgument(program, tag);
        while (found.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected a process " + program + " with argument " + tag + " within "
                        + PATIENCE_MILLIS + " ms, found none");
            }
            Thread.sleep(20);
            found = withProgramAndArgument(program, tag);
        }
        return found.get(0);
    }

    static void killAll(String tag) {
        for (long pid : withArgument(tag)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private static List<Long> awaitEmpty(Supplier<List<Long>> lookup) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE_MILLIS * 1_000_000;
        List<Long> left = lookup.get();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            left = lookup.get();
        }
        return left;
    }

    private static List<Long> matching(LongPredicate test) {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                long pid = Long.parseLong(entry.getFileName().toString());
                if (test.test(pid) && !isZombie(entry)) {
                    pids.add(pid);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not list /proc", e);
        }
        return pids;
    }

    private static boolean hasArgument(Path procEntry, String program, String tag) {
        try {
            String cmdline = new String(Files.readAllBytes(procEntry.resolve("cmdline")), StandardCharsets.UTF_8);
            String[] words = cmdline.split("\0");
            if (words.length < 2 || !(words[0].equals(program) || words[0].endsWith("/" + program))) {
                return false;
            }
            for (int i = 1; i < words.length; i++) {
                if (words[i].equals(tag)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** Field 5 of {@code /proc/<pid>/stat}; -1 when the process is gone. */
    private static long processGroup(Path procEntry) {
        try {
            String stat = Files.readString(procEntry.resolve("stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[2]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static boolean isZombie(Path procEntry) {
        try {
            String stat = Files.readString(procEntry.resolve("stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && stat.length() > close + 2 && stat.charAt(close + 2) == 'Z';
        } catch (IOException e) {
            return true;
        }
    }
}
