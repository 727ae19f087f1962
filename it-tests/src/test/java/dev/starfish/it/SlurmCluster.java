package dev.starfish.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * A real Slurm cluster in containers, from Debian's slurm-wlm (image {@value #IMAGE}, built by
 * {@code .ci/slurm-image.sh}): munge with one key shared by all, {@code slurmctld} on
 * {@code ctl} and {@code slurmd} on {@code node1} and {@code node2} (one CPU each, so an array
 * of several tasks spreads over both), on an internal network of their own that reaches
 * nothing outside. Every container sees the same distribution at {@value #HOME} and the same
 * shared directory at {@value #SHARED} (models, outputs, batch directories), both bind-mounted
 * from the test's temporary directory: what a Slurm cluster provides.
 */
final class SlurmCluster implements AutoCloseable {

    static final String IMAGE = "starfish-slurm:bookworm";
    static final String HOME = "/opt/starfish";
    static final String SHARED = "/shared";
    static final List<String> NODES = List.of("node1", "node2");

    private static final String SLURM_CONF = String.join("\n",
            "ClusterName=starfish",
            "SlurmctldHost=ctl",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            "SlurmUser=root",
            "SlurmdUser=root",
            "StateSaveLocation=/var/spool/slurmctld",
            "SlurmdSpoolDir=/var/spool/slurmd",
            "SlurmctldPidFile=/run/slurmctld.pid",
            "SlurmdPidFile=/run/slurmd.pid",
            "SlurmctldLogFile=/var/log/slurm/slurmctld.log",
            "SlurmdLogFile=/var/log/slurm/slurmd.log",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SwitchType=switch/none",
            "MpiDefault=none",
            "ReturnToService=2",
            "SchedulerType=sched/backfill",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "MinJobAge=600",
            "KillWait=5",
            "NodeName=node[1-2] CPUs=1 State=UNKNOWN",
            "PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
            "");

    private final Network network;
    private final List<GenericContainer<?>> containers = new ArrayList<>();
    private final GenericContainer<?> controller;

    private SlurmCluster(Path distribution, Path shared) {
        requireImage();
        String prefix = "batch-slurm-" + UUID.randomUUID().toString().substring(0, 8);
        network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withName(prefix).withInternal(true)).build();
        byte[] mungeKey = new byte[1024];
        new SecureRandom().nextBytes(mungeKey);
        controller = daemon(prefix, "ctl", "slurmctld", distribution, shared, mungeKey);
        for (String node : NODES) {
            daemon(prefix, node, "slurmd", distribution, shared, mungeKey);
        }
    }

    /** Starts the cluster and waits until slurmctld reports both nodes idle. */
    static SlurmCluster start(Path distribution, Path shared) {
        SlurmCluster cluster = new SlurmCluster(distribution, shared);
        try {
            cluster.containers.forEach(GenericContainer::start);
            ExecResult ready = cluster.onController("timeout 120 sh -c 'until [ \"$(sinfo -h -N -o %T | grep -c idle)\" = 2 ];"
                    + " do sleep 1; done'");
            if (ready.getExitCode() != 0) {
                throw new IllegalStateException("the Slurm nodes did not come up idle within two minutes: "
                        + cluster.onController("sinfo -N; tail -n 20 /var/log/slurm/slurmctld.log").getStdout());
            }
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private GenericContainer<?> daemon(String prefix, String host, String daemon, Path distribution, Path shared,
            byte[] mungeKey) {
        String script = "set -e\n"
                + "chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key\n"
                + "mkdir -p /run/munge /var/log/slurm && chown munge:munge /run/munge\n"
                + "runuser -u munge -- /usr/sbin/munged\n"
                + daemon + " -D > /var/log/slurm/" + daemon + ".out 2>&1 &\n"
                + "exec sleep infinity\n";
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withNetwork(network)
                .withNetworkAliases(host)
                // Binds set directly: Testcontainers' own bind check would pull an image, and no registry is reachable.
                .withCreateContainerCmdModifier(cmd -> cmd.withName(prefix + "-" + host).withHostName(host)
                        .getHostConfig().withInit(true).withBinds(
                                new Bind(distribution.toString(), new Volume(HOME), AccessMode.ro),
                                new Bind(shared.toString(), new Volume(SHARED), AccessMode.rw)))
                .withCopyToContainer(Transferable.of(SLURM_CONF.getBytes(UTF_8), 0644), "/etc/slurm/slurm.conf")
                .withCopyToContainer(Transferable.of(mungeKey, 0400), "/etc/munge/munge.key")
                .withCopyToContainer(Transferable.of(script.getBytes(UTF_8), 0755), "/usr/local/bin/start-daemon")
                .withCommand("/usr/local/bin/start-daemon");
        containers.add(container);
        return container;
    }

    private static void requireImage() {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
        } catch (NotFoundException e) {
            throw new IllegalStateException("The Slurm image " + IMAGE + " is missing. Build it with "
                    + "`bash .ci/slurm-image.sh` (debootstrap with slurm-wlm and munge; .ci/test.sh does it).", e);
        }
    }

    /** Runs a {@code sh -c} script as root on the controller, in {@value #SHARED}. */
    ExecResult onController(String script) {
        try {
            return controller.execInContainer("sh", "-c", "cd " + SHARED + " && " + script);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + script, e);
        }
    }

    /** Runs {@code starfish ARGS} on the controller (the submit host), in {@value #SHARED}. */
    ExecResult starfish(String... args) {
        return onController("timeout -k 10 240 " + HOME + "/bin/starfish " + HeldCompile.quoted(args));
    }

    @Override
    public void close() {
        for (GenericContainer<?> container : containers) {
            try {
                container.stop();
            } catch (RuntimeException e) {
                // stop the others and the network all the same
            }
        }
        network.close();
    }
}
