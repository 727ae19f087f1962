package dev.starfish.runtime.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.runtime.json.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The batch directory of a Slurm batch, on the shared filesystem: which models each array task
 * compiles ({@code task-I.models}, absolute paths each ended by a NUL, the one byte a path cannot
 * hold; read by the task's script, its one reader), the
 * whole split as {@code manifest.json} for people, and where each task leaves its report
 * ({@code task-I.json}) and its standard output ({@code task-I.out}).
 */
public final class SlurmManifest {

    private final Path dir;
    private final List<List<BatchItem>> shares;

    private SlurmManifest(Path dir, List<List<BatchItem>> shares) {
        this.dir = dir;
        this.shares = shares;
    }

    /** Deals the items to {@code tasks} shares in turn, so each task gets a mix of the batch's order. */
    public static List<List<BatchItem>> split(List<BatchItem> items, int tasks) {
        List<List<BatchItem>> shares = new ArrayList<>();
        for (int i = 0; i < Math.min(tasks, items.size()); i++) {
            shares.add(new ArrayList<>());
        }
        for (int i = 0; i < items.size(); i++) {
            shares.get(i % shares.size()).add(items.get(i));
        }
        return shares.stream().map(List::copyOf).toList();
    }

    /** Writes the split into {@code dir}, a fresh private directory ({@link BatchDirectory}); no file is replaced. */
    public static SlurmManifest write(Path dir, List<BatchItem> items, int tasks) {
        List<List<BatchItem>> shares = split(items, tasks);
        ObjectNode root = JsonTrees.object();
        root.put("format", "starfish-slurm-manifest");
        root.put("version", 1);
        try {
            for (int i = 0; i < shares.size(); i++) {
                StringBuilder lines = new StringBuilder();
                ObjectNode task = root.withArray("tasks").addObject();
                task.put("array_task", i);
                for (BatchItem item : shares.get(i)) {
                    lines.append(item.model()).append('\0');
                    task.withArray("models").add(item.model().toString());
                }
                Files.writeString(dir.resolve("task-" + i + ".models"), lines, StandardOpenOption.CREATE_NEW);
            }
            Files.writeString(dir.resolve("manifest.json"), JsonTrees.pretty(root) + "\n", StandardOpenOption.CREATE_NEW);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Slurm batch directory " + dir + ": " + e.getMessage(), e);
        }
        return new SlurmManifest(dir, shares);
    }

    public Path dir() {
        return dir;
    }

    public List<List<BatchItem>> shares() {
        return shares;
    }

    public Path reportOf(int task) {
        return dir.resolve("task-" + task + ".json");
    }

    public Path outputOf(int task) {
        return dir.resolve("task-" + task + ".out");
    }
}
