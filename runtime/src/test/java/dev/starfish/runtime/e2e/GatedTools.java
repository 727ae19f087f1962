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
 * name in {@code starfish/bin/private} (searched first) says it arrived on one FIFO, blocks
 * reading another until the test writes a line to it, then execs the shipped tool. So a test
 * paces a compile tool by tool, without sleeping. Two FIFOs, so that the release of one tool can
 * never meet the previous tool still holding the gate open. The FIFOs live in the installation's
 * {@code conf/}, which a sandboxed tool step sees read-only (a FIFO opens for writing on a
 * read-only mount); {@code dir} names their directory there.
 */
final class GatedTools {

    private final Path arrive;
    private final Path release;

    private GatedTools(Path arrive, Path release) {
        this.arrive = arrive;
        this.release = release;
    }

    static GatedTools install(AssembledDistribution dist, Path dir) throws IOException, InterruptedException {
        Path gates = Files.createTempDirectory(dist.home().resolve("conf"), "gates-" + dir.getFileName() + "-");
        Path arrive = fifo(gates.resolve("arrive"));
        Path release = fifo(gates.resolve("release"));
        Path shipped = dist.home().resolve("starfish/bin");
        try (Stream<Path> tools = Files.list(shipped)) {
            for (Path tool : tools.filter(Files::isRegularFile).toList()) {
                Path wrapper = shipped.resolve("private").resolve(tool.getFileName());
                Files.writeString(wrapper, "#!/bin/sh\necho \"$0\" > '" + arrive + "'\nread go < '" + release
                        + "'\nexec '" + tool + "' \"$@\"\n", StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return new GatedTools(arrive, release);
    }

    private static Path fifo(Path path) throws IOException, InterruptedException {
        if (new ProcessBuilder("mkfifo", "-m", "600", path.toString()).start().waitFor() != 0) {
            throw new IllegalStateException("mkfifo " + path + " failed");
        }
        return path;
    }

    /** Waits until a tool has arrived at the gate (it wrote its name, to the end); fails if none comes. */
    void awaitHeldTool(String which) throws InterruptedException {
        CompletableFuture<byte[]> arrival = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(arrive);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            arrival.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("the tool of " + which + " never reached the gate", e);
        }
    }

    /** Lets the tool held at the gate run. */
    void release() throws IOException {
        try (OutputStream held = Files.newOutputStream(release)) {
            held.write("go\n".getBytes(StandardCharsets.UTF_8));
        }
    }
}
