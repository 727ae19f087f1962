package dev.starfish.runtime.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Looks for live {@code sleep} processes by a unique argument ({@code /proc/<pid>/cmdline}); only
 * processes whose program is {@code sleep} count, so a JVM or shell that merely passes the tag on
 * is never mistaken for the tool.
 */
final class ProcessTable {

    private ProcessTable() {
    }

    /** The pids of live (not zombie) {@code sleep} processes one of whose arguments equals {@code tag}. */
    static List<Long> withArgument(String tag) {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                if (hasArgument(entry, tag) && !isZombie(entry)) {
                    pids.add(Long.parseLong(entry.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not list /proc", e);
        }
        return pids;
    }

    /** Polls until no process carries {@code tag} or {@code millis} pass; returns what is left. */
    static List<Long> awaitGone(String tag, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        List<Long> left = withArgument(tag);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            left = withArgument(tag);
        }
        return left;
    }

    /** Polls until a process carries {@code tag}; fails after {@code millis}. */
    static void awaitPresent(String tag, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (withArgument(tag).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected a process with argument " + tag + " within " + millis + " ms, found none");
            }
            Thread.sleep(20);
        }
    }

    static void killAll(String tag) {
        for (long pid : withArgument(tag)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private static boolean hasArgument(Path procEntry, String tag) {
        try {
            String cmdline = new String(Files.readAllBytes(procEntry.resolve("cmdline")), StandardCharsets.UTF_8);
            String[] words = cmdline.split("\0");
            if (words.length < 2 || !(words[0].equals("sleep") || words[0].endsWith("/sleep"))) {
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
