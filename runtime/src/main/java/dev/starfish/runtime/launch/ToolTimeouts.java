package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The wall-clock limit a job's tools get when their {@code Command} sets none
 * ({@link Duration#ZERO}): the job's own override when the caller's lookup has one, else the
 * default. {@link Duration#ZERO} means no limit. Immutable when the lookup is.
 *
 * @param defaultTimeout the limit of jobs without an override, {@link Duration#ZERO} for none
 * @param perJob the override of a job by name (e.g. {@code timeout.MyJob} of
 *        {@code conf/starfish.properties}), empty when it has none
 */
public record ToolTimeouts(Duration defaultTimeout, Function<String, Optional<Duration>> perJob) {

    /** The key prefix of a job's override in a properties file: {@code timeout.<Job>=SECONDS}. */
    public static final String KEY_PREFIX = "timeout.";

    public ToolTimeouts {
        requireNonNull(defaultTimeout, "defaultTimeout is null");
        requireNonNull(perJob, "perJob is null");
        if (defaultTimeout.isNegative()) {
            throw new IllegalArgumentException("defaultTimeout must not be negative, found " + defaultTimeout);
        }
    }

    /** {@code defaultTimeout} for every job, no overrides. */
    public static ToolTimeouts of(Duration defaultTimeout) {
        return new ToolTimeouts(defaultTimeout, job -> Optional.empty());
    }

    /**
     * Overrides read from string properties: {@code timeout.<Job>} in seconds, e.g. {@code 90} or
     * {@code 0.5}; {@code 0} means no limit. A value that is not a number fails the run of that
     * job with an {@link InvalidInputException} naming the key and {@code source}.
     *
     * @param property the property of a key, e.g. {@code key -> Optional.ofNullable(props.getProperty(key))}
     * @param source where the properties come from, for messages, e.g. {@code conf/starfish.properties}
     */
    public static ToolTimeouts fromProperties(Duration defaultTimeout, Function<String, Optional<String>> property,
            String source) {
        requireNonNull(property, "property is null");
        requireNonNull(source, "source is null");
        return new ToolTimeouts(defaultTimeout, job -> property.apply(KEY_PREFIX + job)
                .map(text -> parseSeconds(KEY_PREFIX + job, text, source)));
    }

    /** The same default with other per-job overrides. */
    public ToolTimeouts withOverrides(Function<String, Optional<Duration>> value) {
        return new ToolTimeouts(defaultTimeout, value);
    }

    /** The limit of {@code job}'s tools: its override, else the default; {@link Duration#ZERO} for none. */
    public Duration forJob(String job) {
        Optional<Duration> override = requireNonNull(perJob.apply(job), "the timeout lookup returned null for " + job);
        override.ifPresent(value -> {
            if (value.isNegative()) {
                throw new InvalidInputException("the timeout of job " + job + " is negative ("
                        + ShimCommandLine.seconds(value) + " s); expected a number of seconds, 0 for no limit");
            }
        });
        return override.orElse(defaultTimeout);
    }

    /** {@code text} as seconds: a non-negative decimal number, {@code 0} for no limit. */
    public static Duration parseSeconds(String key, String text, String source) {
        try {
            BigDecimal seconds = new BigDecimal(text.trim());
            if (seconds.signum() >= 0) {
                return Duration.ofMillis(seconds.movePointRight(3).setScale(0, RoundingMode.CEILING).longValueExact());
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // reported below with the key and the source
        }
        throw new InvalidInputException(key + "=" + text + " in " + source + " is not a timeout: expected a"
                + " non-negative number of seconds such as 600 or 0.5 (0 = no limit)");
    }
}
