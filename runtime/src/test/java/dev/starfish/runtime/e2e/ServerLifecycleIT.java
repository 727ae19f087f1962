package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident server's life beside its commands ({@link ServerIT} has the commands themselves): it
 * exits when idle or when its installation changes, sees plugins dropped in or removed while it
 * runs, and refuses a client of another user. Each test has its own socket directory
 * ({@code XDG_RUNTIME_DIR}), so its own servers, stopped afterwards.
 */
class ServerLifecycleIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @RegisterExtension
    final OwnServers servers = new OwnServers();

    @Test
    void anIdleServerExitsAfterServerIdleMinutesAndRemovesItsSocket() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Files.writeString(dist.home().resolve("conf/starfish.properties"), "\nserver.idle.minutes=0.02\n",
                StandardOpenOption.APPEND);
        long pid = servers.status(dist).get("pid").asLong();

        assertThat(ServerChecks.awaitExit(pid)).as("the idle server exited").isTrue();
        assertThat(servers.sockets()).isEmpty();
        assertThat(servers.log()).contains("exiting: no request for 1.2 s (server.idle.minutes)");
    }

    @Test
    void aChangedInstallationStartsANewServerAndTheOldOneExitsOnceIdle() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        long old = servers.status(dist).get("pid").asLong();

        Files.writeString(dist.home().resolve("conf/starfish.properties"), "\n# edited\n", StandardOpenOption.APPEND);
        long fresh = servers.status(dist).get("pid").asLong();

        assertThat(fresh).isNotEqualTo(old);
        assertThat(ServerChecks.awaitExit(old)).as("the old build's server was told to exit when idle").isTrue();
    }

    @Test
    void aPluginRemovedOrDroppedInWhileTheServerRunsIsSeenByTheNextCommand() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Path plugins = dist.home().resolve("plugins");
        Path jar;
        try (Stream<Path> jars = Files.list(plugins)) {
            jar = jars.filter(p -> p.getFileName().toString().startsWith("starfish-job-kelper")).findFirst()
                    .orElseThrow();
        }
        assertThat(dist.run(cwd, servers.env(), "jobs").stdout()).contains("Kelper");
        long pid = servers.status(dist).get("pid").asLong();

        Path aside = Files.move(jar, cwd.resolve(jar.getFileName()));
        String without = dist.run(cwd, servers.env(), "jobs").stdout();
        Files.move(aside, jar);
        String with = dist.run(cwd, servers.env(), "jobs").stdout();

        assertThat(without).doesNotContain("Kelper");
        assertThat(with).contains("Kelper");
        assertThat(servers.status(dist).get("pid").asLong()).as("one server throughout").isEqualTo(pid);
        assertThat(servers.log()).contains("changed; the next command loads the plugins again");
    }

    @Test
    void aPluginDroppedIntoTheUsersDirectoryWhileTheServerRunsIsSeenByTheNextCommand() throws Exception {
        Map<String, String> env = new HashMap<>(servers.env());
        env.put("XDG_DATA_HOME", cwd.resolve("data").toString());
        Path user = cwd.resolve("data/starfish/plugins");
        String before = shipped.run(cwd, env, "jobs").stdout();
        long pid = servers.status(shipped).get("pid").asLong();

        Files.createDirectories(user);
        new PluginJarBuilder(cwd, "mine").job("fixture.mine.MineJob",
                PluginJarBuilder.inProcessJob("fixture.mine", "MineJob", "", "1")).buildInto(user, "mine.jar");
        String created = shipped.run(cwd, env, "jobs").stdout();
        new PluginJarBuilder(cwd, "more").job("fixture.more.MoreJob",
                PluginJarBuilder.inProcessJob("fixture.more", "MoreJob", "", "1")).buildInto(user, "more.jar");
        String dropped = shipped.run(cwd, env, "jobs").stdout();
        Files.delete(user.resolve("mine.jar"));
        String removed = shipped.run(cwd, env, "jobs").stdout();

        assertThat(before).contains("Kelper").doesNotContain("MineJob");
        assertThat(created).as("the user's directory made while the server runs").contains("MineJob").contains("Kelper");
        assertThat(dropped).as("a jar dropped into it").contains("MineJob").contains("MoreJob");
        assertThat(removed).as("a jar removed from it").doesNotContain("MineJob").contains("MoreJob");
        assertThat(servers.status(shipped).get("pid").asLong()).as("one server throughout").isEqualTo(pid);
        assertThat(servers.log()).contains(user + " or " + shipped.home().resolve("conf") + " changed; the next command loads "
                + "the plugins again");
    }

    @Test
    void aClientOfAnotherUserIsRefusedEvenWhenItCanReachTheSocket() throws Exception {
        long pid = servers.status(shipped).get("pid").asLong();
        Path socket = servers.sockets().get(0);
        // as if the rights had been loosened while the server ran: only the peer check stands
        Files.setPosixFilePermissions(servers.runtimeDir(), PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(socket.getParent(),
                PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        String answer = ForeignClient.versionAsNobody(socket, cwd);

        assertThat(answer).as("the server's answer to the other user").contains("starfish: error: server: this server"
                + " serves user root only").doesNotContain("starfish 0.1.0");
        assertThat(answer).endsWith("X\0\0\0\4\0\0\0\2");
        assertThat(servers.log()).contains("refused: this server serves user root only");
        Files.setPosixFilePermissions(socket.getParent(),
                PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(servers.runtimeDir(), PosixFilePermissions.fromString("rwx------"));
        assertThat(servers.status(shipped).get("pid").asLong()).as("the server still serves its user").isEqualTo(pid);
    }

}
