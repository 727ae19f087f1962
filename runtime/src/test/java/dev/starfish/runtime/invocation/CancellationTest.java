package dev.starfish.runtime.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CancellationTest {

    @Test
    void theCommandsAnswerWaitsForTheActionsOfACancelOnAnotherThread() throws Exception {
        Cancellation cancellation = new Cancellation();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        List<String> done = new ArrayList<>();
        cancellation.onCancel(signal -> {
            started.countDown();
            try {
                finish.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (done) {
                done.add("report written for " + signal);
            }
        });
        Thread signalThread = new Thread(() -> cancellation.cancel("SIGINT"));
        signalThread.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(cancellation.awaitActions(Duration.ofMillis(50))).as("still writing").isFalse();
        finish.countDown();
        assertThat(cancellation.awaitActions(Duration.ofSeconds(10))).isTrue();
        synchronized (done) {
            assertThat(done).containsExactly("report written for SIGINT");
        }
        assertThat(cancellation.cancel("SIGTERM")).as("only the first cancel counts").isFalse();
        assertThat(cancellation.cancelledBy()).isEqualTo("SIGINT");
    }

    @Test
    void nothingCancelledIsNothingToWaitFor() {
        assertThat(new Cancellation().awaitActions(Duration.ZERO)).isTrue();
    }

    @Test
    void theJvmEndingIsNoSignal() {
        assertThat(Cancellation.signalOf(Cancellation.EXIT)).isNull();
        assertThat(Cancellation.signalOf("SIGHUP")).isEqualTo("SIGHUP");
        assertThat(Cancellation.exitCode("SIGINT")).isEqualTo(130);
        assertThat(Cancellation.exitCode("SIGHUP")).isEqualTo(129);
        assertThat(Cancellation.exitCode("SIGTERM")).isEqualTo(143);
    }
}
