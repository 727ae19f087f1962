package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Limits end tools the way an operator expects and the driver says so: the Backend's CPU limit,
 * the kernel's OOM killer under a container memory limit, and a killed driver leaves no tool behind.
 */
@ContainerSuite
class ResourceLimitsIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String MLP_LARGE = StarfishContainer.HOME + "/examples/mlp_large.hlo";
    private static final long MEMORY_LIMIT = 300L * 1024 * 1024;

    /**
     * A tool that needs far more memory than the container has. It volunteers as the OOM
     * killer's first choice (so the kernel never picks the driver's JVM) and then doubles a
     * string until the kernel kills it with SIGKILL.
     */
    private static final String MEMORY_HOG = "#!/bin/sh\n"
            + "# Test tool: needs more memory than the container allows.\n"
            + "echo 1000 > /proc/self/oom_score_adj\n"
            + "exec awk 'BEGIN { s = \"x\"; while (1) s = s s }'\n";

    @Test
    void backendOverItsCpuLimitFailsAndSaysSo() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.INTERNAL)) {
            container.start();
            ExecResult result = container.starfish("compile", MLP_LARGE, "--output", "large.neff",
                    "--workdir", "large.work", "--enable-experimental-backend", "--backend-cpu-limit", "1",
                    "--backend-iterations", "1000");
            assertThat(result.getExitCode()).as("a Backend over its CPU limit fails the compile:\n%s",
                    describe(result)).isNotZero();
            assertThat(result.getStdout() + result.getStderr()).as("the message names the CPU limit that was hit")
                    .contains("CPU time limit of 1 s exceeded");
        }
    }

    @Test
    void toolKilledByTheKernelUnderAMemoryLimitIsReportedAsSigkillWithAHint() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)
                .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
                        .withMemory(MEMORY_LIMIT).withMemorySwap(MEMORY_LIMIT))) {
            container.start();
            container.putFile(StarfishContainer.HOME + "/starfish/bin/private/hlo2penguin",
                    MEMORY_HOG.getBytes(UTF_8), 0755);

            ExecResult result = container.starfish("compile", MLP, "--output", "mlp.neff", "--workdir", "mlp.work");
            String output = result.getStdout() + result.getStderr();
            assertThat(result.getExitCode()).as("a tool killed by the OOM killer fails the compile with exit 1:\n%s",
                    describe(result)).isEqualTo(1);
            assertThat(output).as("the message says the tool was killed by SIGKILL").contains("SIGKILL");
            assertThat(output).as("the message suggests the memory limit as the likely cause")
                    .containsIgnoringCase("memory");
        }
    }

    @Test
    void killingTheDriverLeavesNoToolRunning() throws InterruptedException {
        // the one-shot driver's JVM (ServerContainerIT kills a server and a client); by default the first
        // command runs one-shot and then starts a server, which this test's "left running" would count
        try (StarfishContainer container = new StarfishContainer(StarfishImage.INTERNAL)
                .withEnv("STARFISH_SERVER", "off")) {
            container.start();
            ExecResult started = container.shell("nohup " + StarfishContainer.STARFISH + " compile " + MLP_LARGE
                    + " --output long.neff --workdir long.work --enable-experimental-backend"
                    + " --backend-cpu-limit 3600 --backend-iterations 1000000 > compile.log 2>&1 &");
            assertThat(started.getExitCode()).as("the compile started in the background").isZero();

            String executor = awaitProcess(container, "nn_executor", Duration.ofSeconds(150));
            assertThat(executor).as("nn_executor runs under the driver (compile.log: %s)",
                    container.shell("tail -n 20 compile.log").getStdout()).isNotEmpty();

            ExecResult kill = container.shell("pid=$(pgrep -u user -x java) && echo \"$pid\" && kill -9 $pid");
            assertThat(kill.getExitCode()).as("found and killed the driver JVM:\n%s", describe(kill)).isZero();

            List<String> left = leftoverProcesses(container);
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (!left.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
                left = leftoverProcesses(container);
            }
            assertThat(left).as("within 2 s of kill -9 on the driver no tool or shim is left running").isEmpty();
        }
    }

    /** Polls until a process named {@code name} runs; returns its {@code ps} line or "". */
    private static String awaitProcess(StarfishContainer container, String name, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            ExecResult found = container.shell("pgrep -a -x " + name);
            if (found.getExitCode() == 0) {
                return found.getStdout().trim();
            }
            ExecResult driver = container.shell("pgrep -x java");
            if (driver.getExitCode() != 0) {
                return "";
            }
            Thread.sleep(250);
        }
        return "";
    }

    /** Live (not zombie) processes other than the container's init, its idle command and this probe. */
    private static List<String> leftoverProcesses(StarfishContainer container) {
        String ps = container.rootExec("ps", "-e", "-o", "pid=,stat=,comm=,args=").getStdout();
        return ps.lines().map(String::trim).filter(line -> !line.isEmpty())
                .filter(line -> !line.split("\\s+")[1].startsWith("Z"))
                .filter(line -> {
                    String comm = line.split("\\s+")[2];
                    return !List.of("docker-init", "sleep", "ps").contains(comm);
                })
                .toList();
    }
}
