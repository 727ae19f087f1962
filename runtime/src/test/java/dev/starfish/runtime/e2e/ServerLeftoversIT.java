package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What servers of other builds leave in the socket directory (a {@code .lock} and a {@code .log}
 * each, crash notes, client files) is removed by the client that starts a server once it is a
 * week old, and only then: not while its build has a socket, not while its lock is held (a server
 * of it being started), not a file of another form, and a symbolic link as itself.
 */
class ServerLeftoversIT {

    private static final String OLD = "0123456789ab-00000000000000aa";
    private static final String RECENT = "0123456789ab-00000000000000bb";
    private static final String SERVED = "0123456789ab-00000000000000cc";
    private static final String STARTING = "0123456789ab-00000000000000dd";
    private static final String LINKED = "ba9876543210-00000000000000ee";

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @RegisterExtension
    final OwnServers servers = new OwnServers();

    @Test
    void aServerStartRemovesTheFilesOfOtherBuildsAWeekOldAndNothingElse() throws Exception {
        Path dir = Files.createDirectory(servers.runtimeDir().resolve("starfish"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Instant weeksAgo = Instant.now().minus(Duration.ofDays(8));
        List<Path> old = plant(dir, OLD, weeksAgo, ".lock", ".log", ".crash-4242", ".client-4343",
                ".hs_err_pid4242.log");
        List<Path> recent = plant(dir, RECENT, Instant.now().minus(Duration.ofDays(6)), ".lock", ".log");
        List<Path> served = plant(dir, SERVED, weeksAgo, ".lock", ".log", ".sock");
        List<Path> starting = plant(dir, STARTING, weeksAgo, ".lock", ".log");
        List<Path> unrelated = plant(dir, "notes", weeksAgo, ".txt");
        Path precious = Files.writeString(cwd.resolve("precious.txt"), "kept");
        Path link = Files.createSymbolicLink(dir.resolve(LINKED + ".log"), precious);
        age(link, weeksAgo);

        Process holder = holdLock(dir.resolve(STARTING + ".lock"));
        try {
            servers.status(shipped);
        } finally {
            holder.getOutputStream().close(); // cat sees EOF, flock releases the lock and exits
            assertThat(holder.waitFor(60, TimeUnit.SECONDS)).as("flock ended with its input").isTrue();
        }

        assertThat(old).as("a week-old build's files").allMatch(p -> !Files.exists(p, LinkOption.NOFOLLOW_LINKS));
        assertThat(recent).as("files of six days ago").allMatch(Files::exists);
        assertThat(served).as("a build that has a socket").allMatch(Files::exists);
        assertThat(starting).as("a build whose lock is held").allMatch(Files::exists);
        assertThat(unrelated).as("a name of another form").allMatch(Files::exists);
        assertThat(Files.exists(link, LinkOption.NOFOLLOW_LINKS)).as("the link itself").isFalse();
        assertThat(precious).as("what the link pointed to").hasContent("kept");
        assertThat(servers.sockets()).as("the server that was started, and the planted socket")
                .hasSize(2).contains(served.get(2));
    }

    private static List<Path> plant(Path dir, String key, Instant modified, String... kinds) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String kind : kinds) {
            Path file = Files.writeString(dir.resolve(key + kind), "left by an earlier server\n");
            age(file, modified);
            files.add(file);
        }
        return files;
    }

    private static void age(Path file, Instant modified) throws IOException {
        FileTime time = FileTime.from(modified);
        Files.getFileAttributeView(file, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(time, time, null);
    }

    /**
     * flock(1) holds {@code lock} (the client's own kind of lock; Java's are fcntl locks) until its
     * standard input, which {@code cat} reads, is closed.
     */
    private static Process holdLock(Path lock) throws IOException {
        Process holder = new ProcessBuilder("flock", lock.toString(), "-c", "echo held; exec cat")
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).as("flock took the lock").isEqualTo("held");
        return holder;
    }
}
