package dev.starfish.runtime.server;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The connections the server accepted and has not finished, so that it exits only once none is
 * left. A client that found the socket just before the exiting server removed it (queued in the
 * listen backlog, or accepted an instant before the exit was decided) is then served instead of cut
 * off mid-command, which its client would report as a crashed server (exit 134).
 */
final class Admissions {

    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong lastAcceptNanos = new AtomicLong(System.nanoTime());

    /** Called as soon as {@code accept} returns a connection. */
    void accepted() {
        lastAcceptNanos.set(System.nanoTime());
        open.incrementAndGet();
    }

    /** Called once a connection's thread is done with it. */
    void finished() {
        open.decrementAndGet();
    }

    int open() {
        return open.get();
    }

    /**
     * Blocks until no connection is open and none was accepted for {@code quiet}: once the socket is
     * removed no new client can come, and the accept thread takes what the backlog still holds at once.
     */
    void awaitQuiet(Duration quiet) throws InterruptedException {
        while (true) {
            long since = System.nanoTime() - lastAcceptNanos.get();
            if (open.get() == 0 && since >= quiet.toNanos()) {
                return;
            }
            Thread.sleep(Math.max(1, Math.min(50, (quiet.toNanos() - since) / 1_000_000)));
        }
    }
}
