package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** What {@link ServerIT} checks of processes and output: a process's end, tools left, output without times. */
final class ServerChecks {

    private ServerChecks() {
    }

    static boolean awaitExit(long pid) throws InterruptedException {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return true;
        }
        try {
            handle.get().onExit().get(60, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** No process runs a tool of {@code dist} (the gate scripts in starfish/bin/private included). */
    static void assertNoToolLeft(AssembledDistribution dist) throws InterruptedException {
        String tools = dist.home().resolve("starfish/bin").toString();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                    .filter(line -> line.contains(tools)).toList();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        assertThat(left).as("tools left running").isEmpty();
    }

    static String withoutTimes(String text, Path dir) {
        return text.replace(dir.toString(), "DIR").replaceAll("[0-9]+ ms", "N ms").replaceAll("CPU [0-9]+ ms", "CPU")
                .replaceAll("peak RSS [0-9.]+ MiB", "peak RSS");
    }
}
