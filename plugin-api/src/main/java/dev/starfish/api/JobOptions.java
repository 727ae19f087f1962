package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/** The values of one job's declared options, as parsed by the host. Immutable. */
public final class JobOptions {

    private final Map<String, List<String>> values;

    public JobOptions(Map<String, List<String>> values) {
        this.values = Map.copyOf(requireNonNull(values, "values is null"));
    }

    public static JobOptions empty() {
        return new JobOptions(Map.of());
    }

    /** The option's last value, or {@code fallback} when it was neither given nor defaulted. */
    public String string(String name, String fallback) {
        List<String> v = values.get(name);
        return v == null || v.isEmpty() ? fallback : v.get(v.size() - 1);
    }

    /**
     * The option's value as a {@code long} (64-bit: {@code --buffer-bytes=34359738368} fits), for an
     * option declared {@code type = JobOption.Type.INTEGER}; narrow it yourself where the job needs an
     * {@code int} (e.g. {@code Math.toIntExact}, which throws rather than wraps).
     *
     * @param name the option's name as declared, e.g. {@code --buffer-bytes}
     * @param fallback the value when the option was neither given nor defaulted
     * @return the value, parsed as a decimal {@code long} (surrounding blanks ignored)
     * @throws InvalidInputException when the value is not a decimal integer in the range of {@code long}
     *     (the message names the option and the value; the compile exits 2)
     */
    public long integer(String name, long fallback) {
        String v = string(name, null);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException("option " + name + " expects an integer, found '" + v + "'");
        }
    }

    public boolean flag(String name) {
        return Boolean.parseBoolean(string(name, "false"));
    }

    public List<String> list(String name) {
        return values.getOrDefault(name, List.of());
    }

    /** The names of the options that have a value (given or defaulted), sorted. */
    public List<String> names() {
        return values.keySet().stream().sorted().toList();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
