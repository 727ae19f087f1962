package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AdmissionsTest {

    private static final Duration QUIET = Duration.ofMillis(200);

    @Test
    void anExitingServerWaitsForEveryOpenConnectionAndThenForAQuietSpell() throws Exception {
        Admissions admissions = new Admissions();
        admissions.accepted();
        admissions.accepted();
        CompletableFuture<Void> quiet = CompletableFuture.runAsync(() -> await(admissions));

        Thread.sleep(3 * QUIET.toMillis());
        admissions.finished();
        Thread.sleep(3 * QUIET.toMillis());
        assertThat(quiet).as("one of the two connections is still open").isNotDone();
        assertThat(admissions.open()).isEqualTo(1);
        long finished = System.nanoTime();
        admissions.finished();

        quiet.get(10, TimeUnit.SECONDS);
        assertThat(admissions.open()).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - finished)).as("it returns soon after the last one ended")
                .isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aConnectionAcceptedJustNowHoldsTheExitForTheQuietSpellEvenOnceItEnded() throws Exception {
        Admissions admissions = new Admissions();
        admissions.accepted();
        admissions.finished();
        long started = System.nanoTime();

        admissions.awaitQuiet(QUIET);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("a backlog may still hold its neighbours")
                .isGreaterThanOrEqualTo(QUIET.minusMillis(5));
    }

    private static void await(Admissions admissions) {
        try {
            admissions.awaitQuiet(QUIET);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
