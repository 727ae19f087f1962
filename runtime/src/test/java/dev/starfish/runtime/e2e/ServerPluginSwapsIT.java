package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin carrying a JNI library (Frontend, libpenguin.so) replaced again and again under one
 * server, a compile after each swap: every older host generation's native directory is deleted
 * when its host closes, the newest when the server exits, a link planted in one is removed without
 * touching what it points to, and after a full collection no more than this generation's copies of
 * the library stay mapped (the older loaders were collectable).
 */
class ServerPluginSwapsIT {

    private static final int SWAPS = 6;

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    private long pid;

    @AfterEach
    void stopServer() {
        if (pid != 0) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void swappedGenerationsLeaveNoNativeDirectoryAndNoMappedLibraryBehind() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Path jar;
        try (Stream<Path> jars = Files.list(dist.home().resolve("plugins"))) {
            jar = jars.filter(p -> p.getFileName().toString().startsWith("starfish-job-frontend")).findFirst().orElseThrow();
        }
        Path asShipped = Files.copy(jar, cwd.resolve("frontend-a.jar"));
        Path other = withMarkedLibrary(jar, cwd.resolve("frontend-b.jar"));
        Path natives = cwd.resolve("work/.cache/native");
        Path outside = Files.createDirectories(cwd.resolve("outside"));
        Path kept = Files.writeString(outside.resolve("keep.txt"), "mine");

        compile(dist, 0);
        pid = new ObjectMapper().readTree(dist.run(cwd.resolve("work"), server(), "server", "status", "--json").stdout())
                .get("pid").asLong();
        for (int swap = 1; swap <= SWAPS; swap++) {
            Path next = Files.copy(swap % 2 == 1 ? other : asShipped, jar.resolveSibling(jar.getFileName() + ".new"));
            Files.move(next, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            compile(dist, swap);
            assertThat(generationDirectories(natives)).as("native directories after swap %d", swap)
                    .containsExactly("server-" + pid + "-" + (swap + 1));
            if (swap == 1) {
                Files.createSymbolicLink(natives.resolve("server-" + pid + "-2").resolve("planted"), outside);
            }
        }
        assertThat(kept).as("what a planted link points to").hasContent("mine");

        Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), "GC.run").redirectErrorStream(true).redirectOutput(cwd.resolve("gc.txt").toFile()).start();
        assertThat(gc.waitFor()).as("jcmd GC.run: %s", Files.readString(cwd.resolve("gc.txt"))).isZero();
        List<String> mapped;
        try (Stream<String> maps = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
            mapped = maps.filter(line -> line.endsWith("/libpenguin.so")).map(line -> line.substring(line.indexOf('/')))
                    .distinct().toList();
        }
        assertThat(mapped).as("libpenguin.so copies mapped after a full GC: Frontend's and Kelper's of this generation")
                .hasSize(2).allMatch(path -> path.contains("/server-" + pid + "-" + (SWAPS + 1) + "/"));

        assertThat(dist.run(cwd.resolve("work"), server(), "server", "stop").exitCode()).isZero();
        assertThat(ServerChecks.awaitExit(pid)).as("the server exits when stopped").isTrue();
        assertThat(generationDirectories(natives)).as("native directories after the server exited").isEmpty();
    }

    private void compile(AssembledDistribution dist, int swap) throws IOException {
        Path work = Files.createDirectories(cwd.resolve("work"));
        AssembledDistribution.Run run = dist.run(work, server(), "compile", dist.example("mlp.hlo").toString(),
                "--workdir", "w" + swap, "--no-cache");
        assertThat(run.exitCode()).as("compile after swap %d: %s", swap, run).isZero();
        assertThat(work.resolve("mlp.neff")).isNotEmptyFile();
        Files.delete(work.resolve("mlp.neff"));
    }

    private static List<String> generationDirectories(Path natives) throws IOException {
        if (!Files.isDirectory(natives)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(natives)) {
            return entries.map(p -> p.getFileName().toString()).filter(name -> name.startsWith("server-")).sorted().toList();
        }
    }

    /** The plugin jar again with a marker appended to its library: another file of the same plugin. */
    private static Path withMarkedLibrary(Path jar, Path copy) throws IOException {
        try (ZipFile in = new ZipFile(jar.toFile()); OutputStream file = Files.newOutputStream(copy);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements();) {
                ZipEntry entry = entries.nextElement();
                byte[] data = in.getInputStream(entry).readAllBytes();
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(data);
                if (entry.getName().equals("native/linux-x86_64/libpenguin.so")) {
                    out.write("\0starfish swap test build b\0".getBytes(StandardCharsets.US_ASCII));
                }
                out.closeEntry();
            }
        }
        return copy;
    }

    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }
}
