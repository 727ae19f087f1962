package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a one-shot driver's tools inherit from the shell that ran {@code starfish} (its limits,
 * priority and cgroup: a batch system's job) they inherit through the server too: a client under
 * another context gets a server started under that context, and leaves the others alone. Under a
 * CPU-time limit, which would count every command a server serves, each command runs in a JVM of
 * its own.
 */
class ServerContextIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    private Path cgroup;

    @AfterEach
    void stopServers() throws Exception {
        List<List<String>> contexts = cgroup == null ? List.of(List.of(), limited(512))
                : List.of(List.of(), inCgroup(cgroup));
        for (List<String> context : contexts) {
            AssembledDistribution.Run status = shipped.runWrapped(cwd, env(), context, "server", "status", "--json");
            shipped.runWrapped(cwd, env(), context, "server", "stop");
            if (status.stdout().startsWith("{")) {
                ServerChecks.awaitExit(JSON.readTree(status.stdout()).get("pid").asLong());
            }
        }
        if (cgroup != null) {
            // removable once empty: wait for what is still in it (a spawn server ending after its server) to exit
            for (String pid : Files.readAllLines(cgroup.resolve("cgroup.procs"))) {
                assertThat(ServerChecks.awaitExit(Long.parseLong(pid.trim()))).as("pid %s in %s exits", pid, cgroup)
                        .isTrue();
            }
            Files.delete(cgroup);
        }
    }

    @Test
    void aClientUnderOtherLimitsGetsAServerUnderThemAndTheUsualServerStays() throws IOException {
        long usual = pid(List.of());
        long limited = pid(limited(512));
        long limitedAgain = pid(limited(512));
        long usualAgain = pid(List.of());

        assertThat(limited).as("another server for another ulimit -n").isNotEqualTo(usual);
        assertThat(limitedAgain).isEqualTo(limited);
        assertThat(usualAgain).as("the usual server was not told to exit").isEqualTo(usual);
        assertThat(Files.readString(Path.of("/proc/" + limited + "/limits")))
                .containsPattern("Max open files +512 +512 ");
        assertThat(Files.readString(Path.of("/proc/" + usual + "/limits")))
                .doesNotContainPattern("Max open files +512 ");
    }

    @Test
    void underACpuTimeLimitEachCommandRunsInAJvmOfItsOwn() throws IOException {
        Path model = Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));
        List<String> cpuLimited = List.of("bash", "-c", "ulimit -t 3600 && exec \"$@\"", "limited");

        AssembledDistribution.Run compile = shipped.runWrapped(cwd, env(), cpuLimited, "compile", model.toString());
        AssembledDistribution.Run status = shipped.runWrapped(cwd, env(), cpuLimited, "server", "status");

        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(compile.stdout()).contains("\nCompiled ");
        assertThat(cwd.resolve("m.neff")).isNotEmptyFile();
        assertThat(status.stdout()).as("%s", status).startsWith("starfish: no server is running");
        assertThat(sockets()).as("no server was started").isEmpty();
    }

    @Test
    void aClientInAnotherCgroupGetsAServerInThatCgroup() throws IOException {
        cgroup = writableCgroupRoot().resolve("starfish-it-" + UUID.randomUUID());
        Files.createDirectory(cgroup);
        long usual = pid(List.of());
        long contained = pid(inCgroup(cgroup));

        assertThat(contained).isNotEqualTo(usual);
        String name = cgroup.getFileName().toString();
        assertThat(Files.readString(Path.of("/proc/" + contained + "/cgroup"))).contains("/" + name + "\n");
        assertThat(Files.readString(Path.of("/proc/" + usual + "/cgroup"))).doesNotContain(name);
        assertThat(pid(List.of())).isEqualTo(usual);
    }

    /** The server's pid, after a command that starts one when none runs for that context. */
    private long pid(List<String> context) throws IOException {
        AssembledDistribution.Run version = shipped.runWrapped(cwd, env(), context, "--version");
        assertThat(version.exitCode()).as("%s", version).isZero();
        AssembledDistribution.Run status = shipped.runWrapped(cwd, env(), context, "server", "status", "--json");
        assertThat(status.exitCode()).as("%s", status).isZero();
        JsonNode json = JSON.readTree(status.stdout());
        return json.get("pid").asLong();
    }

    private List<Path> sockets() throws IOException {
        Path dir = runtimeDir.resolve("starfish");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> p.toString().endsWith(".sock")).toList();
        }
    }

    private static List<String> limited(int files) {
        return List.of("bash", "-c", "ulimit -n " + files + " && exec \"$@\"", "limited");
    }

    private static List<String> inCgroup(Path cgroup) {
        return List.of("bash", "-c", "echo $$ >" + cgroup.resolve("cgroup.procs") + " && exec \"$@\"", "contained");
    }

    /**
     * A cgroup hierarchy this root test may make a group in: the memory controller's (v1, where a
     * batch system's memory limit lives) or the unified one (v2).
     */
    private static Path writableCgroupRoot() {
        for (String candidate : List.of("/sys/fs/cgroup/memory", "/sys/fs/cgroup/unified", "/sys/fs/cgroup")) {
            Path root = Path.of(candidate);
            if (Files.isRegularFile(root.resolve("cgroup.procs")) && Files.isWritable(root)) {
                return root;
            }
        }
        throw new IllegalStateException("this test needs a writable cgroup hierarchy (it runs as root on a machine"
                + " with /sys/fs/cgroup/memory or a cgroup2 mount); none of /sys/fs/cgroup/{memory,unified,} is");
    }

    private Map<String, String> env() {
        return Map.of("XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "",
                "STARFISH_SERVER", "");
    }
}
