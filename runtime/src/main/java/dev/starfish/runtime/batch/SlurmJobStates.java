package dev.starfish.runtime.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the array tasks' states from {@code scontrol show job -o JOBID}: one line per task, or
 * one line for tasks still pending together ({@code ArrayTaskId=2-5} or {@code 2,4-5%2}). Slurm
 * without a database ({@code slurmdbd}) has no {@code sacct}; slurmctld keeps finished jobs for
 * {@code MinJobAge} seconds, long enough for a submitter that asks every few seconds.
 */
public final class SlurmJobStates {

    private SlurmJobStates() {
    }

    /** The state of each array task the output names, by array index. */
    public static Map<Integer, SlurmTaskState> parse(String scontrolOutput) {
        Map<Integer, SlurmTaskState> states = new LinkedHashMap<>();
        for (String line : scontrolOutput.lines().toList()) {
            Map<String, String> fields = fields(line);
            String ids = fields.get("ArrayTaskId");
            String state = fields.get("JobState");
            if (ids == null || state == null) {
                continue;
            }
            String node = fields.getOrDefault("BatchHost", fields.getOrDefault("NodeList", ""));
            SlurmTaskState task = new SlurmTaskState(state, fields.getOrDefault("Reason", "None"),
                    node.equals("(null)") ? "" : node, fields.getOrDefault("ExitCode", ""));
            indices(ids).forEach(i -> states.put(i, task));
        }
        return states;
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String word : line.trim().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                fields.putIfAbsent(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        return fields;
    }

    /** {@code 3}, {@code 2-5}, {@code 1,3-4} or any of them with a {@code %LIMIT}. */
    static List<Integer> indices(String ids) {
        String list = ids.replaceFirst("%.*$", "");
        ArrayList<Integer> result = new ArrayList<>();
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
                for (int i = from; i <= to; i++) {
                    result.add(i);
                }
            } catch (NumberFormatException e) {
                // not an index list (e.g. "N/A"): names no task
            }
        }
        return result;
    }
}
