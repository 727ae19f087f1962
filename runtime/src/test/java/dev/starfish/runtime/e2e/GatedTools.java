package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Every shipped tool of a private copy of the distribution held at a gate: a script of the same
 * name in {@code starfish/bin/private} (searched first) blocks reading a FIFO until the test
 * opens it and writes a line, then execs the shipped tool. So a test paces a compile tool by
 * tool, without sleeping.
 */
final class GatedTools {

    private final Path gate;

    private GatedTools(Path gate) {
        this.gate = gate;
    }

    static GatedTools install(AssembledDistribution dist, Path dir) throws IOException, InterruptedException {
        Path gate = dir.resolve("gate");
        if (new ProcessBuilder("mkfifo", "-m", "600", gate.toString()).start().waitFor() != 0) {
            throw new IllegalStateException("mkfifo " + gate + " failed");
        }
        Path shipped = dist.home().resolve("starfish/bin");
        try (Stream<Path> tools = Files.list(shipped)) {
            for (Path tool : tools.filter(Files::isRegularFile).toList()) {
                Path wrapper = shipped.resolve("private").resolve(tool.getFileName());
                Files.writeString(wrapper, "#!/bin/sh\nread go < '" + gate + "'\nexec '" + tool + "' \"$@\"\n",
                        StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return new GatedTools(gate);
    }

    /** Waits until a tool is held at the gate (it opened the FIFO); fails if none comes. */
    OutputStream awaitHeldTool(String which) throws InterruptedException {
        CompletableFuture<OutputStream> open = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.newOutputStream(gate);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return open.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("the tool of " + which + " never reached the gate", e);
        }
    }

    /** Lets the tool held at the gate run. */
    static void release(OutputStream held) throws IOException {
        try (held) {
            held.write("go\n".getBytes(StandardCharsets.UTF_8));
        }
    }
}
