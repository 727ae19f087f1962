package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;

/**
 * The text of a stream as it arrives, read by a thread of its own, each chunk stamped with the
 * time it was read: a test waits until a pattern has arrived, and so proves that a line reached
 * the reader while the writer was still held.
 */
final class ArrivingText {

    /** How long a line may take to arrive before the test says it was held back (a failure, never a pass). */
    private static final long DEADLINE_SECONDS = 30;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final StringBuilder text = new StringBuilder();
    private final List<String> stamped = new ArrayList<>();
    private final long start = System.nanoTime();
    private boolean ended;

    private ArrivingText(InputStream in) {
        Thread reader = new Thread(() -> read(in), "arriving-text");
        reader.setDaemon(true);
        reader.start();
    }

    static ArrivingText of(InputStream in) {
        return new ArrivingText(in);
    }

    private void read(InputStream in) {
        byte[] buffer = new byte[4096];
        try (in) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                String chunk = new String(buffer, 0, n, StandardCharsets.UTF_8);
                append(chunk, false);
            }
        } catch (IOException e) {
            append("", true);
            throw new UncheckedIOException(e);
        }
        append("", true);
    }

    private void append(String chunk, boolean end) {
        lock.lock();
        try {
            text.append(chunk);
            if (!chunk.isEmpty()) {
                stamped.add(String.format("%+8.1f ms %s", (System.nanoTime() - start) / 1e6, chunk.strip()));
            }
            ended |= end;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until {@code pattern} occurs in the text; fails naming {@code while} if the stream ends or stays silent. */
    void await(Pattern pattern, String whileHeld) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        lock.lock();
        try {
            while (!pattern.matcher(text).find()) {
                long left = deadline - System.nanoTime();
                if (ended || left <= 0) {
                    throw new AssertionError("'" + pattern + "' had not arrived " + whileHeld + (ended ? " (the stream ended)"
                            : " after " + DEADLINE_SECONDS + " s") + "; arrived so far:\n" + String.join("\n", stamped));
                }
                arrived.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The whole text once the stream has ended. */
    String awaitEnd() throws InterruptedException {
        lock.lock();
        try {
            while (!ended) {
                arrived.await();
            }
            return text.toString();
        } finally {
            lock.unlock();
        }
    }
}
