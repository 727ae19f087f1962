package dev.starfish.runtime.launch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the first {@code headLines} and the last {@code tailLines} lines of a stream and counts
 * them all, so memory stays bounded however much a tool writes. Thread-safe.
 */
final class OutputBuffer {

    private final int headLines;
    private final int tailLines;
    private final List<String> head = new ArrayList<>();
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private long lines;

    OutputBuffer(int headLines, int tailLines) {
        this.headLines = headLines;
        this.tailLines = tailLines;
    }

    synchronized void add(String line) {
        lines++;
        if (head.size() < headLines) {
            head.add(line);
        }
        if (tailLines > 0) {
            if (tail.size() == tailLines) {
                tail.removeFirst();
            }
            tail.addLast(line);
        }
    }

    synchronized List<String> head() {
        return List.copyOf(head);
    }

    /** The last lines; they may repeat lines of the head when the output was short. */
    synchronized List<String> tail() {
        return List.copyOf(tail);
    }

    synchronized long lines() {
        return lines;
    }
}
