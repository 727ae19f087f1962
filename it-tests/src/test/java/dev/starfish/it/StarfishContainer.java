package dev.starfish.it;

import com.github.dockerjava.api.model.DockerObject;
import com.github.dockerjava.api.model.HostConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.ExecConfig;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;

/**
 * A container of one {@link StarfishImage}: no network, idle ({@code sleep infinity}) until the
 * test runs the driver in it with {@link #starfish} as the image's non-root user, the way a
 * user would, through {@code /opt/starfish/bin/starfish}.
 */
final class StarfishContainer extends GenericContainer<StarfishContainer> {

    static final String HOME = "/opt/starfish";
    static final String STARFISH = HOME + "/bin/starfish";
    static final String USER_HOME = "/home/user";

    /** No single driver call may run longer; a hang fails the test instead of the build. */
    private static final String EXEC_LIMIT_SECONDS = "240";

    /**
     * A container where the tool sandbox works ({@code launcher.sandbox=auto} sandboxes every tool
     * step, docs/isolation.md), without being privileged: bubblewrap needs user namespaces (Docker's
     * default seccomp profile refuses them) and a {@code /proc} it may mount afresh (the kernel
     * refuses while Docker masks parts of the container's). So it runs as the CLI's {@code
     * --security-opt seccomp=unconfined --security-opt systempaths=unconfined} would: the engine
     * API spells the second as empty {@code MaskedPaths} and {@code ReadonlyPaths}, fields docker-java
     * 3.7's {@code HostConfig} lacks, sent through its raw values. No capability is added, and the
     * user the driver runs as stays uid 1000.
     */
    StarfishContainer(StarfishImage image) {
        this(image, true);
    }

    /** A container of the engine's defaults, where bubblewrap cannot create its namespaces. */
    static StarfishContainer withoutSandboxCapability(StarfishImage image) {
        return new StarfishContainer(image, false);
    }

    private StarfishContainer(StarfishImage image, boolean sandboxCapable) {
        super(image.image());
        withNetworkMode("none");
        withCommand("sleep", "infinity");
        withCreateContainerCmdModifier(cmd -> {
            HostConfig host = cmd.getHostConfig();
            // docker-init reaps orphans, so a tool left behind shows as a live process, not a zombie.
            host.withInit(true);
            if (sandboxCapable) {
                host.withSecurityOpts(List.of("seccomp=unconfined"));
                Map<String, Object> raw = rawValues(host);
                raw.put("MaskedPaths", List.of());
                raw.put("ReadonlyPaths", List.of());
            }
        });
        // bin/starfish's default is the resident server; the suite's second run sets STARFISH_SERVER=off
        String server = System.getenv("STARFISH_SERVER");
        if (server != null) {
            withEnv("STARFISH_SERVER", server);
        }
    }

    /**
     * The fields a docker-java object sends beyond those it models. Its getter is a read-only
     * view (serialised as {@code @JsonAnyGetter}), so the map behind it is reached directly.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> rawValues(HostConfig host) {
        try {
            Field field = DockerObject.class.getDeclaredField("rawValues");
            field.setAccessible(true);
            return (Map<String, Object>) field.get(host);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("docker-java's HostConfig has no raw values to add MaskedPaths to", e);
        }
    }

    /** Runs {@code starfish ARGS} as the image's user in its home directory. */
    ExecResult starfish(String... args) {
        List<String> argv = new ArrayList<>(List.of("timeout", "-k", "10", EXEC_LIMIT_SECONDS, STARFISH));
        argv.addAll(Arrays.asList(args));
        return exec(null, argv.toArray(String[]::new));
    }

    /** Runs a {@code /bin/sh -c} script as the image's user. */
    ExecResult shell(String script) {
        return exec(null, "sh", "-c", script);
    }

    /**
     * Lets every sandboxed tool step also write {@code dir} ({@code launcher.sandbox.writable}, as
     * an operator would, as root), for test tools that meet the test in files outside their step
     * directory; the directory must exist when a step starts, or the sandbox leaves it out.
     */
    void letToolsWrite(String dir) {
        ExecResult set = rootShell("echo 'launcher.sandbox.writable=" + dir + "' >> " + HOME + "/conf/starfish.properties");
        if (set.getExitCode() != 0) {
            throw new IllegalStateException("cannot set launcher.sandbox.writable: " + describe(set));
        }
    }

    /** Runs a {@code /bin/sh -c} script as root (operator tasks: plugins/, conf/). */
    ExecResult rootShell(String script) {
        return exec("root", "sh", "-c", script);
    }

    /** Runs a {@code /bin/sh -c} script as another user of the container, e.g. one made by {@link #addUser}. */
    ExecResult shellAs(String user, String script) {
        return exec(user, "sh", "-c", script);
    }

    /** Creates a second non-root user with a home directory (as root, the way an administrator would). */
    void addUser(String name) {
        ExecResult result = rootExec("useradd", "--create-home", "--shell", "/bin/sh", name);
        if (result.getExitCode() != 0) {
            throw new IllegalStateException("cannot create user " + name + " in the container: " + describe(result));
        }
    }

    /** Runs a command (no shell) as root. */
    ExecResult rootExec(String... command) {
        return exec("root", command);
    }

    /** Copies bytes into the container as a file with the given mode. */
    void putFile(String containerPath, byte[] content, int mode) {
        copyFileToContainer(Transferable.of(content, mode), containerPath);
    }

    /** Reads a file of the container's image layers or volumes (not of a tmpfs: see {@link #readFileOnTmpfs}). */
    byte[] readFile(String containerPath) {
        return copyFileFromContainer(containerPath, in -> in.readAllBytes());
    }

    /** Reads a file through {@code base64} in the container; the engine's archive API cannot see a tmpfs. */
    byte[] readFileOnTmpfs(String containerPath) {
        ExecResult result = exec("root", "base64", "-w0", containerPath);
        if (result.getExitCode() != 0) {
            throw new IllegalStateException("cannot read " + containerPath + " in the container: " + describe(result));
        }
        return java.util.Base64.getDecoder().decode(result.getStdout().trim());
    }

    private ExecResult exec(String user, String... command) {
        ExecConfig.ExecConfigBuilder config = ExecConfig.builder().command(command);
        if (user != null) {
            config.user(user);
        }
        try {
            return execInContainer(config.build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** The whole outcome of a call, for assertion descriptions. */
    static String describe(ExecResult result) {
        return "exit " + result.getExitCode() + "\n--- stdout ---\n" + result.getStdout() + "\n--- stderr ---\n"
                + result.getStderr();
    }
}
