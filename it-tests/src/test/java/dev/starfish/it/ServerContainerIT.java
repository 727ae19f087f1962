package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.it.ResidentServer.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * The resident server (docs/server.md) in a real Linux machine, every command sent through it
 * ({@code STARFISH_SERVER=on}): one server per user, the peer check against another user's client,
 * a server or a client killed with SIGKILL mid-compile, idle expiry, an upgrade of the installation
 * while its server runs a compile ({@link ServerExitRaceIT}: commands arriving as a server exits).
 * Compiles are held in {@code hlo-neff-wrapper} ({@link HeldCompile}) after it began its output aside
 * and started a child and a setsid grandchild.
 */
@ContainerSuite
class ServerContainerIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String HOME = StarfishContainer.USER_HOME;
    private static final String OUTPUT = HOME + "/mlp.neff";
    private static final String WORK = HOME + "/mlp.work";
    private static final String BOB = "bob";
    /** Where bob's client looks for its socket when TMPDIR is {@value}; root links user's socket there. */
    private static final String ELSEWHERE = "/tmp/elsewhere";

    /** Begins the output as hlo-neff-wrapper does and starts a child and a setsid grandchild that live until killed. */
    static final String BEGIN_OUTPUT_AND_FORK = ""
            + "    out=; previous=\n"
            + "    for arg; do [ \"$previous\" = -o ] && out=$arg; previous=$arg; done\n"
            + "    temporary=$(mktemp \"$out.tmpXXXXXX\") && echo partial > \"$temporary\"\n"
            + "    tail -f /dev/null &\n"
            + "    setsid sleep 3600 &\n"
            + "    detail=\" $! $temporary\"\n";

    @Test
    void eachUserHasAServerOfTheirOwnAndAnotherUsersClientIsRefusedWhileItGoesOnServing() {
        try (StarfishContainer container = serverContainer()) {
            container.start();
            container.addUser(BOB);
            String bobUid = container.rootExec("id", "-u", BOB).getStdout().trim();
            ResidentServer user = new ResidentServer(container, "user");
            ResidentServer bob = new ResidentServer(container, BOB);
            Status a = user.start();
            Status b = bob.start();

            assertThat(a.pid()).as("two users, two servers").isNotEqualTo(b.pid());
            assertThat(a.socket()).as("user's socket").startsWith("/tmp/starfish-1000/");
            assertThat(b.socket()).as("bob's socket").startsWith("/tmp/starfish-" + bobUid + "/");
            assertThat(user.ownerOf(a.pid())).as("user's server runs as user").isEqualTo("user");
            assertThat(bob.ownerOf(b.pid())).as("bob's server runs as bob").isEqualTo(BOB);
            assertThat(user.status()).as("user's status names user's server again").extracting(Status::pid,
                    Status::socket).containsExactly(a.pid(), a.socket());
            assertThat(bob.status()).as("bob's status names bob's server again").extracting(Status::pid,
                    Status::socket).containsExactly(b.pid(), b.socket());

            // bob's client, sent to user's socket: a hard link where it looks with TMPDIR=/tmp/elsewhere, and the
            // socket's rights loosened as if while the server ran; only the server's peer check stands
            ExecResult made = bob.shell("mkdir -m 0700 " + ELSEWHERE);
            assertThat(made.getExitCode()).as("bob makes %s:\n%s", ELSEWHERE, describe(made)).isZero();
            String alias = bob.noServerSocket("TMPDIR=" + ELSEWHERE);
            ExecResult linked = container.rootShell("ln " + a.socket() + " " + alias + " && chmod 0666 " + a.socket());
            assertThat(linked.getExitCode()).as("root links user's socket to %s:\n%s", alias, describe(linked))
                    .isZero();
            ExecResult refused = bob.shell("TMPDIR=" + ELSEWHERE + " " + StarfishContainer.STARFISH + " --version");

            assertThat(refused.getExitCode()).as("bob's client at user's server:\n%s", describe(refused)).isEqualTo(2);
            assertThat(refused.getStderr()).as("the server's refusal, relayed by bob's client").isEqualTo(
                    "starfish: error: server: this server serves user user only; the client runs as bob\n");
            assertThat(refused.getStdout()).as("bob's command did not run").isEmpty();
            assertThat(user.log(a)).as("user's server log").contains(
                    "refused: this server serves user user only; the client runs as bob");
            assertThat(bob.log(b)).as("bob's own server saw nothing").doesNotContain("refused");
            Status after = user.status();
            assertThat(after.pid()).as("user's server goes on serving").isEqualTo(a.pid());
            assertThat(after.served()).as("it served user's status after the refusal").isGreaterThan(a.served());
            assertThat(bob.status().pid()).as("bob's server is untouched").isEqualTo(b.pid());
        }
    }

    @Test
    void aServerKilledMidCompileEndsTheClientWith134LeavesNoToolNorOutputAndTheNextCallStartsAFreshOne() {
        try (StarfishContainer container = serverContainer()) {
            container.start();
            ResidentServer user = new ResidentServer(container, "user");
            HeldCompile compile = heldCompile(container);
            Status server = user.status();
            assertThat(server.running()).as("the held compile and the status itself run").isEqualTo(2);
            assertThat(user.processes(List.of(Long.parseLong(compile.gatePid()))))
                    .as("before the kill: client, server, shim, tool, its child and grandchild run")
                    .anyMatch(p -> p.startsWith(server.pid() + " java "))
                    .anyMatch(p -> p.contains(" starfish-exec "))
                    .anyMatch(p -> p.contains(" sleep 3600"));

            ExecResult kill = container.rootExec("kill", "-9", Long.toString(server.pid()));
            assertThat(kill.getExitCode()).as("SIGKILL to the server:\n%s", describe(kill)).isZero();
            assertThat(compile.awaitEvent()).as("the client exits 134 (its output: %s)", compile.output())
                    .isEqualTo("driver exited 134");
            assertThat(compile.stderr()).as("the client says in one line what happened and where the log is")
                    .isEqualTo("starfish: error: the Starfish server ended while it ran this command (it crashed or "
                            + "was killed); its log: " + server.log() + "\n");
            user.awaitProcesses(List.of(Long.parseLong(compile.gatePid())), List::isEmpty,
                    "no tool, tool child, setsid grandchild, shim, server or client of user is left");
            assertNothingPublished(container);
            assertThat(container.rootExec("test", "-S", server.socket()).getExitCode())
                    .as("the killed server could not remove its socket %s (the next client replaces it)",
                            server.socket()).isZero();

            assertCompiles(container, "the next compile, after the server was killed");
            Status fresh = user.status();
            assertThat(fresh.pid()).as("the next call started a fresh server").isNotEqualTo(server.pid());
            assertThat(fresh.socket()).as("on the same socket path").isEqualTo(server.socket());
            assertThat(user.log(fresh)).as("the log shows the fresh server's start")
                    .contains("starfish-server: pid " + fresh.pid() + ", build " + fresh.build() + ", serving "
                            + fresh.socket());
        }
    }

    @Test
    void aClientKilledMidCompileTakesItsToolsWithItAndTheServerGoesOnServing() {
        try (StarfishContainer container = serverContainer()) {
            container.start();
            ResidentServer user = new ResidentServer(container, "user");
            HeldCompile compile = heldCompile(container);
            Status server = user.status();
            long gate = Long.parseLong(compile.gatePid());

            ExecResult kill = container.rootExec("kill", "-9", compile.driverPid());
            assertThat(kill.getExitCode()).as("SIGKILL to the client:\n%s", describe(kill)).isZero();
            assertThat(compile.awaitEvent()).as("the client died of SIGKILL").isEqualTo("driver exited 137");
            // the server and its warm host's shared spawn server stay; the command's tools do not
            List<String> left = user.awaitProcesses(List.of(gate), processes -> processes.size() == 2,
                    "the dead client's tools, their child and grandchild and their supervisor are stopped");
            assertThat(left).as("only the server and its spawn server are left")
                    .anySatisfy(line -> assertThat(line).startsWith(server.pid() + " java "))
                    .anySatisfy(line -> assertThat(line).contains(" starfish-exec ").endsWith("starfish-exec --server"));
            assertNothingPublished(container);
            assertThat(user.log(server)).as("the server's log says why the command ended")
                    .containsPattern("starfish-server: the client of request \\d+ went away; its command is"
                            + " cancelled\nstarfish-server: request \\d+ \\(compile\\) in " + HOME + ": exit 129 in ");

            Status after = user.status();
            assertThat(after.pid()).as("the same server goes on").isEqualTo(server.pid());
            assertThat(after.running()).as("no command runs in it but the status").isEqualTo(1);
            assertCompiles(container, "the next compile, after its client was killed");
            assertThat(user.status().pid()).as("served by the same server").isEqualTo(server.pid());
        }
    }

    @Test
    void anIdleServerExitsAfterServerIdleMinutesRemovesItsSocketAndLogsWhy() {
        try (StarfishContainer container = serverContainer()) {
            container.start();
            ResidentServer.setIdleMinutes(container, "0.05");
            ResidentServer user = new ResidentServer(container, "user");
            Status server = user.start();
            assertThat(user.log(server)).as("the server says when it will exit").contains("starfish-server: pid "
                    + server.pid() + ", build " + server.build() + ", serving " + server.socket()
                    + " (idle exit after PT3S)");

            user.awaitExit(server.pid(), "the idle server");
            assertThat(user.log(server)).as("its log ends with why it exited")
                    .endsWith("starfish-server: exiting: no request for 3.0 s (server.idle.minutes)\n");
            assertThat(container.rootExec("test", "-e", server.socket()).getExitCode())
                    .as("it removed its socket %s", server.socket()).isNotZero();
            assertThat(user.noServerSocket("")).as("the client finds no server there").isEqualTo(server.socket());
        }
    }

    @Test
    void anUpgradedInstallationGetsAServerOfTheNewBuildWhileTheOldOneFinishesItsCompileAndExits() {
        try (StarfishContainer container = serverContainer()) {
            container.start();
            ResidentServer user = new ResidentServer(container, "user");
            // held in its first tool: every later tool and step runs after the upgrade. Unsandboxed: the
            // held step's sandbox keeps the directories it started with, and on the image's overlayfs
            // `mv` of the installation is a copy and a delete, so its tool would be gone from its view
            // (docs/failure-modes.md H14); the steps after the upgrade are what this test is about
            HeldCompile.installHoldingTool(container, "hlo2penguin", "");
            container.rootShell("echo launcher.sandbox=off >> " + StarfishContainer.HOME + "/conf/starfish.properties");
            HeldCompile compile = HeldCompile.start(container, "compile", MLP, "--output", OUTPUT, "--workdir", WORK);
            assertThat(compile.awaitEvent()).as("the compile is held in hlo2penguin (its output: %s)",
                    compile.output()).matches("tool \\d+");
            Status old = user.status();

            // the upgrade: a newer copy of the installation swapped in for the one the server runs from,
            // which is then removed
            ExecResult upgraded = container.rootShell("cd /opt && cp -a starfish starfish.new"
                    + " && echo '# upgraded' >> starfish.new/conf/starfish.properties"
                    + " && mv starfish starfish.old && mv starfish.new starfish && rm -rf starfish.old");
            assertThat(upgraded.getExitCode()).as("root swaps in the new installation:\n%s", describe(upgraded))
                    .isZero();
            Status fresh = user.start();
            assertThat(fresh.pid()).as("the next command started a new server").isNotEqualTo(old.pid());
            assertThat(fresh.build()).as("of the new build").isNotEqualTo(old.build());
            assertThat(fresh.socket()).as("on the new build's socket").isNotEqualTo(old.socket())
                    .endsWith("-" + fresh.build() + ".sock");
            assertThat(user.alive(old.pid())).as("the old server runs on while its compile runs").isTrue();
            assertThat(user.log(old)).as("the new build's client asked the old server to exit when idle")
                    .containsPattern("starfish-server: asked to exit when idle \\(connection \\d+\\)\n");

            compile.release();
            assertThat(compile.awaitEvent()).as("the compile on the old server finishes (its output: %s)",
                    compile.output()).isEqualTo("driver exited 0");
            assertThat(compile.output()).as("all of it").contains("[9/9] SaveTemps done")
                    .contains("Compiled " + MLP + " -> " + OUTPUT + " (1 subgraph, ");
            new NeffFile("mlp.neff, compiled by the old server across the upgrade",
                    container.readFile(OUTPUT)).assertManifestMatchesContent();
            user.awaitExit(old.pid(), "the old server, idle after its compile");
            assertThat(user.log(old)).as("the old server's log: the compile, then why it exited")
                    .containsPattern("request \\d+ \\(compile\\) in " + HOME + ": exit 0 in \\d+ ms\n")
                    .endsWith("starfish-server: exiting: asked to exit when idle\n");
            assertThat(container.rootExec("test", "-e", old.socket()).getExitCode())
                    .as("the old server removed its socket").isNotZero();
            assertThat(user.status().pid()).as("the new server goes on serving").isEqualTo(fresh.pid());
        }
    }

    static StarfishContainer serverContainer() {
        return new StarfishContainer(StarfishImage.DEFAULT).withEnv("STARFISH_SERVER", "on");
    }

    /** A compile of mlp.hlo through the server, held in hlo-neff-wrapper once that began its output. */
    private static HeldCompile heldCompile(StarfishContainer container) {
        HeldCompile.installHoldingTool(container, "hlo-neff-wrapper", BEGIN_OUTPUT_AND_FORK);
        HeldCompile compile = HeldCompile.start(container, "compile", MLP, "--output", OUTPUT, "--workdir", WORK);
        assertThat(compile.awaitEvent()).as("the compile is held in hlo-neff-wrapper (its output: %s)",
                compile.output()).matches("tool \\d+ \\d+ " + WORK + "/output\\.neff\\.tmp\\S{6}");
        return compile;
    }

    /** Neither the output nor the work directory's finished .neff exists (a tool's temporary aside may). */
    private static void assertNothingPublished(StarfishContainer container) {
        assertThat(container.shell("ls -a " + HOME).getStdout().lines()).as("no %s", OUTPUT)
                .noneMatch(name -> name.startsWith("mlp.neff"));
        assertThat(container.shell("ls -a " + WORK).getStdout().lines()).as("no finished %s/output.neff", WORK)
                .doesNotContain("output.neff");
    }

    /**
     * A compile into the work directory of the interrupted one runs every tool (the interrupted one left no
     * cache entry), writes a whole .neff and leaves none of the interrupted tool's temporaries.
     */
    private static void assertCompiles(StarfishContainer container, String what) {
        ExecResult next = container.starfish("compile", MLP, "--output", OUTPUT, "--workdir", WORK);
        assertThat(next.getExitCode()).as("%s:\n%s", what, describe(next)).isZero();
        assertThat(next.getStdout()).as("%s compiled, not taken from the cache:\n%s", what, describe(next))
                .contains("Compiled " + MLP + " -> " + OUTPUT + " (1 subgraph, ");
        new NeffFile(what, container.readFile(OUTPUT)).assertManifestMatchesContent();
        assertThat(container.shell("ls -a " + WORK).getStdout().lines()).as("%s: no temporary in %s", what, WORK)
                .noneMatch(name -> name.startsWith("output.neff"));
    }
}
