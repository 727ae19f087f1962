package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A tool that tries to leave its step (docs/isolation.md, "Tool steps in a sandbox"): a real
 * {@code hlo2penguin} in {@code starfish/bin/private} does the escape, then runs the shipped tool.
 * Sandboxed (the default, {@code launcher.sandbox=auto} with bwrap) each escape is refused or
 * contained, the failure naming what the tool tried; with {@code launcher.sandbox=off} each one
 * works as before the sandbox, as an operator who chooses so gets it.
 */
class SandboxEscapeIT {

    private static final String NOTE = "The tool ran in a sandbox: it could write only its step directory ";

    @TempDir
    Path tmp;

    @Test
    void aToolWritingOutsideItsStepDirectoryIsRefusedNamingThePath() throws IOException {
        Sandboxed compile = new Sandboxed(tmp, true, "echo escaped > ../escaped.txt || exit 3");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).as("the shell names the file and the sandbox's refusal")
                .contains("../escaped.txt: Read-only file system").contains(NOTE + compile.workDir().resolve("sg00"));
        assertThat(compile.workDir().resolve("escaped.txt")).as("nothing was written outside the step").doesNotExist();
    }

    @Test
    void withTheSandboxOffAToolStillWritesOutsideItsStepDirectory() throws IOException {
        Sandboxed compile = new Sandboxed(tmp, false, "echo escaped > ../escaped.txt || exit 3");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(compile.workDir().resolve("escaped.txt")).hasContent("escaped");
    }

    @Test
    void aToolRenamingOverDevNullLeavesTheDeviceAlone() throws IOException {
        Sandboxed compile = new Sandboxed(tmp, true,
                "echo x > /dev/null.tmp && mv -f /dev/null.tmp /dev/null || exit 4");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("'/dev/null': Device or resource busy").contains(NOTE);
        assertThat(Files.readAttributes(Path.of("/dev/null"), "unix:mode").get("mode"))
                .as("/dev/null is still a character device").matches(mode -> ((Integer) mode & 0170000) == 0020000);
    }

    /** Not with the real /dev/null: the machine runs other work. A FIFO stands in for the device. */
    @Test
    void withTheSandboxOffAToolStillRenamesOverASpecialFile() throws IOException, InterruptedException {
        Path device = tmp.resolve("device");
        assertThat(new ProcessBuilder("mkfifo", device.toString()).start().waitFor()).isZero();
        Sandboxed compile = new Sandboxed(tmp, false,
                "echo x > \"$STARFISH_TEST_DEVICE.tmp\" && mv -f \"$STARFISH_TEST_DEVICE.tmp\" \"$STARFISH_TEST_DEVICE\""
                        + " || exit 4");

        AssembledDistribution.Run run = compile.run(Map.of("STARFISH_TEST_DEVICE", device.toString()));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(Files.isRegularFile(device, LinkOption.NOFOLLOW_LINKS)).as("the FIFO was replaced").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"home/.ssh/id_ed25519", "other-user/their-model.hlo", "cwd/notes-in-the-launch-directory.txt"})
    void aToolReadingAnUndeclaredFileFailsNamingIt(String undeclared) throws IOException {
        Path secret = secret(undeclared);
        Sandboxed compile = new Sandboxed(tmp, true, "cat \"$STARFISH_TEST_READ\" || exit 5");

        AssembledDistribution.Run run = readingRun(compile, secret);

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("cat: " + secret + ": No such file or directory").contains(NOTE)
                .doesNotContain("secret of");
        assertThat(compile.workDir().resolve("log-starfish.txt")).content().doesNotContain("secret of");
    }

    @ParameterizedTest
    @ValueSource(strings = {"home/.ssh/id_ed25519", "other-user/their-model.hlo", "cwd/notes-in-the-launch-directory.txt"})
    void withTheSandboxOffAToolStillReadsAnUndeclaredFile(String undeclared) throws IOException {
        Path secret = secret(undeclared);
        Sandboxed compile = new Sandboxed(tmp, false, "cat \"$STARFISH_TEST_READ\" || exit 5");

        AssembledDistribution.Run run = readingRun(compile, secret);

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(compile.workDir().resolve("log-starfish.txt")).content().contains("secret of " + undeclared);
    }

    /** HLOToTensorizer consumes only its subgraph's model.hlo: the rest of the work directory is not its to read. */
    @ParameterizedTest
    @ValueSource(strings = {"../tensor_map.json", "../compile.json", "../.starfish-model/mlp.hlo"})
    void aToolReadingAFileOfTheCompileItsJobDoesNotConsumeFailsNamingIt(String undeclared) throws IOException {
        Sandboxed compile = new Sandboxed(tmp, true, "cat " + undeclared + " || exit 5");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("cat: " + undeclared + ": No such file or directory")
                .contains(NOTE + compile.workDir().resolve("sg00")).contains("the artifacts its job declares it consumes");
        assertThat(compile.workDir().resolve(undeclared.substring(3))).as("the file is there, outside the view").exists();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../tensor_map.json", "../compile.json", "../.starfish-model/mlp.hlo"})
    void withTheSandboxOffAToolStillReadsAFileOfTheCompileItsJobDoesNotConsume(String undeclared) throws IOException {
        Sandboxed compile = new Sandboxed(tmp, false, "cat " + undeclared + " >/dev/null || exit 5");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isZero();
    }

    @Test
    void aToolOpeningANetworkSocketReachesNothing() throws IOException {
        try (ServerSocketChannel listener = listener()) {
            Sandboxed compile = new Sandboxed(tmp, true, connectTo(listener));

            AssembledDistribution.Run run = compile.run(Map.of());

            assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
            assertThat(run.stderr()).contains("Connection refused").contains(NOTE);
            assertThat(listener.accept()).as("no connection reached the host's listener").isNull();
        }
    }

    @Test
    void withTheSandboxOffAToolStillReachesTheNetwork() throws IOException {
        try (ServerSocketChannel listener = listener()) {
            Sandboxed compile = new Sandboxed(tmp, false, connectTo(listener));

            AssembledDistribution.Run run = compile.run(Map.of());

            assertThat(run.exitCode()).as("%s", run).isZero();
            try (SocketChannel connection = listener.accept()) {
                assertThat(connection).as("the tool's connection is queued at the listener").isNotNull();
                connection.configureBlocking(true);
                ByteBuffer said = ByteBuffer.allocate(64);
                connection.read(said);
                assertThat(new String(said.array(), 0, said.position(), StandardCharsets.UTF_8)).isEqualTo("hello\n");
            }
        }
    }

    @Test
    void aDaemonStartedInItsOwnSessionEndsWithItsStep() throws IOException {
        daemonEndsWithItsStep(true);
    }

    /** The supervisor kills escaped descendants without a sandbox too (a child subreaper): both paths contain it. */
    @Test
    void withTheSandboxOffADaemonStillEndsWithItsStep() throws IOException {
        daemonEndsWithItsStep(false);
    }

    private void daemonEndsWithItsStep(boolean sandboxed) throws IOException {
        String marker = "starfish-test-daemon-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Sandboxed compile = new Sandboxed(tmp, sandboxed, "setsid /bin/bash -c 'sleep 600; : " + marker
                + "' </dev/null >/dev/null 2>&1 &");

        AssembledDistribution.Run run = compile.run(Map.of());

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(marker)))
                .as("no process of the step outlives the compile").isEmpty();
    }

    /** The compile whose tool reads {@code secret}, with {@code HOME} set to the test's home. */
    private AssembledDistribution.Run readingRun(Sandboxed compile, Path secret) {
        return compile.run(Map.of("HOME", tmp.resolve("home").toString(), "STARFISH_TEST_READ", secret.toString()));
    }

    private Path secret(String relative) throws IOException {
        Path secret = tmp.resolve(relative);
        Files.createDirectories(secret.getParent());
        Files.writeString(secret, "secret of " + relative + "\n");
        return secret;
    }

    private static ServerSocketChannel listener() throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        listener.configureBlocking(false);
        return listener;
    }

    private static String connectTo(ServerSocketChannel listener) throws IOException {
        int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        return "/bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo hello >&3' || exit 6";
    }

    /** A private distribution whose hlo2penguin runs {@code escape} first, with the sandbox on or off. */
    private static final class Sandboxed {

        private final AssembledDistribution dist;
        private final Path cwd;

        Sandboxed(Path tmp, boolean sandboxed, String escape) throws IOException {
            dist = AssembledDistribution.built().copyTo(tmp.resolve("dist"));
            cwd = Files.createDirectories(tmp.resolve("cwd"));
            Path conf = dist.home().resolve("conf/starfish.properties");
            Files.writeString(conf, Files.readString(conf).replace("launcher.sandbox=auto",
                    "launcher.sandbox=" + (sandboxed ? "required" : "off")));
            Path tool = dist.home().resolve("starfish/bin/private/hlo2penguin");
            Files.writeString(tool, "#!/bin/sh\n" + escape + "\nexec '" + dist.home().resolve("starfish/bin/hlo2penguin")
                    + "' \"$@\"\n");
            assertThat(tool.toFile().setExecutable(true, false)).isTrue();
            if (sandboxed) {
                // the escapes must never run unsandboxed where the test means the sandbox: renaming over /dev/null would
                // replace the machine's
                AssembledDistribution.Run plan = dist.run(cwd, "compile", "-###", dist.example("mlp.hlo").toString());
                assertThat(plan.stdout()).as("%s", plan).contains("# sandbox: on (launcher.sandbox=required)");
            }
        }

        AssembledDistribution.Run run(Map<String, String> env) {
            return dist.run(cwd, env, "compile", dist.example("mlp.hlo").toString());
        }

        Path workDir() {
            return cwd.resolve("mlp.work");
        }
    }
}
