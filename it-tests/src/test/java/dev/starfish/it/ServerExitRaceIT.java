package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.it.ResidentServer.Status;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * A server that exits (asked to when idle, or idle for {@code server.idle.minutes}) while clients
 * keep arriving: a client that found the socket an instant before the server removed it must be
 * served, not cut off. Before, the server decided to exit with no command running and went on
 * accepting until {@code System.exit}; such a client printed "the Starfish server ended while it ran
 * this command (it crashed or was killed)" and exited 134, some even after part of their output.
 */
@ContainerSuite
class ServerExitRaceIT {

    private static final String STOPS = "/tmp/stops-while-commands-run";
    /** Two loops of {@code starfish --version} back to back for $1 s, {@code server stop} twice a second. */
    private static final String STOPS_WHILE_COMMANDS_RUN = "#!/bin/sh\n"
            + "end=$(( $(date +%s) + $1 ))\n"
            + "( while [ $(date +%s) -lt $end ]; do " + StarfishContainer.STARFISH + " server stop >/dev/null;"
            + " sleep 0.5; done ) &\n"
            + "for loop in 1 2; do (\n"
            + "    runs=0; failed=0\n"
            + "    while [ $(date +%s) -lt $end ]; do\n"
            + "        out=$(" + StarfishContainer.STARFISH + " --version 2>&1); status=$?; runs=$((runs + 1))\n"
            + "        [ $status -eq 0 ] || { failed=$((failed + 1)); echo \"exit $status: $out\"; }\n"
            + "    done\n"
            + "    echo \"$runs $failed\" > /tmp/loop.$loop\n"
            + ") & done\n"
            + "wait\n"
            + "cat /tmp/loop.* | awk '{ runs += $1; failed += $2 }"
            + " END { print \"runs \" runs \", failed \" failed }'\n";

    @Test
    void commandsArrivingBackToBackWhileTheServerIsStoppedOverAndOverAreEachServedNotCutOff() {
        try (StarfishContainer container = ServerContainerIT.serverContainer()) {
            container.start();
            container.putFile(STOPS, STOPS_WHILE_COMMANDS_RUN.getBytes(UTF_8), 0755);
            // a server that checks whether to exit every 300 ms (a tenth of 3 s) exits soon after each stop
            ResidentServer.setIdleMinutes(container, "0.05");
            ResidentServer user = new ResidentServer(container, "user");
            Status first = user.start();

            ExecResult race = user.shell(STOPS + " 45");
            assertThat(race.getExitCode()).as("the commands and stops ran:\n%s", describe(race)).isZero();
            assertThat(race.getStdout()).as("no command was cut off by a server exiting as it arrived (before: 'the "
                    + "Starfish server ended while it ran this command', exit 134, for some of the stops)")
                    .matches("(?s)runs \\d{3,}, failed 0\n");
            assertThat(user.log(first).split("starfish-server: exiting: asked to exit when idle\n", -1))
                    .as("the servers were stopped over and over").hasSizeGreaterThan(20);
        }
    }
}
