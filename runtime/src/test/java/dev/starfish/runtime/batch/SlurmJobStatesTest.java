package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SlurmJobStatesTest {

    /** The shape of {@code scontrol show job -o} of slurm-wlm 22.05 for an array, trimmed of unrelated fields. */
    private static final String SCONTROL = ""
            + "JobId=8 ArrayJobId=7 ArrayTaskId=1 JobName=starfish-batch UserId=root(0) JobState=RUNNING Reason=None "
            + "Dependency=(null) ExitCode=0:0 NodeList=node2 BatchHost=node2 NumNodes=1\n"
            + "JobId=7 ArrayJobId=7 ArrayTaskId=0 JobName=starfish-batch UserId=root(0) JobState=COMPLETED Reason=None "
            + "Dependency=(null) ExitCode=0:0 NodeList=node1 BatchHost=node1 NumNodes=1\n"
            + "JobId=7 ArrayJobId=7 ArrayTaskId=2-4%2 JobName=starfish-batch UserId=root(0) JobState=PENDING "
            + "Reason=JobArrayTaskLimit Dependency=(null) ExitCode=0:0 NodeList=(null) NumNodes=1\n";

    @Test
    void eachTaskGetsItsStateReasonAndNodeAndPendingRangesAreExpanded() {
        Map<Integer, SlurmTaskState> states = SlurmJobStates.parse(SCONTROL);
        assertThat(states).containsOnlyKeys(0, 1, 2, 3, 4);
        assertThat(states.get(0)).isEqualTo(new SlurmTaskState("COMPLETED", "None", "node1", "0:0"));
        assertThat(states.get(1).state()).isEqualTo("RUNNING");
        assertThat(states.get(1).finished()).isFalse();
        assertThat(states.get(0).finished()).isTrue();
        assertThat(states.get(3)).isEqualTo(new SlurmTaskState("PENDING", "JobArrayTaskLimit", "", "0:0"));
    }

    @Test
    void indexListsAndRangesAndLimitsAreRead() {
        assertThat(SlurmJobStates.indices("1,3-5%2")).containsExactly(1, 3, 4, 5);
        assertThat(SlurmJobStates.indices("N/A")).isEmpty();
    }

    @Test
    void linesWithoutAnArrayTaskAreIgnored() {
        assertThat(SlurmJobStates.parse("JobId=3 JobName=x JobState=RUNNING\n\n")).isEmpty();
    }
}
