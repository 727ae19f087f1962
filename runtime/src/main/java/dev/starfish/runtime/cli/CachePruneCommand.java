package dev.starfish.runtime.cli;

import dev.starfish.runtime.cache.CacheKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code starfish cache prune --older-than AGE}: removes the entries not used for that long. */
@Command(name = "prune", mixinStandardHelpOptions = true,
        description = "Remove the entries not used (stored or hit) for longer than AGE; entries a running compile "
                + "holds are kept.")
final class CachePruneCommand extends CacheCommand.Subcommand {

    @Option(names = "--older-than", paramLabel = "AGE", required = true, converter = AgeConverter.class,
            description = "How long an entry may stay unused: a number and a unit, m (minutes), h, d or w "
                    + "(30d, 12h), or an ISO-8601 duration (P30D).")
    Duration olderThan;

    @Override
    CacheCommand.Result run(CacheCommand cache) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("directory", cache.configuredDirectory().toString());
        if (cache.absent()) {
            data.put("removed", List.of());
            return new CacheCommand.Result(List.of("removed 0 entries (" + cache.configuredDirectory()
                    + " does not exist)"), data, ExitCodes.OK);
        }
        Instant cutoff = Clock.systemUTC().instant().minus(olderThan);
        List<CacheKey> removed = cache.existing().maintenance().prune(cutoff);
        data.put("cutoff", cutoff.toString());
        data.put("removed", removed.stream().map(CacheKey::hex).toList());
        return new CacheCommand.Result(List.of(String.format("removed %d entr%s unused since %s from %s",
                removed.size(), removed.size() == 1 ? "y" : "ies", cutoff, cache.configuredDirectory())),
                data, ExitCodes.OK);
    }

    /** {@code 30d}, {@code 12h}, {@code 90m}, {@code 2w} or an ISO-8601 duration; never negative. */
    static final class AgeConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            String text = value.strip().toLowerCase(Locale.ROOT);
            Duration age;
            try {
                if (text.startsWith("p")) {
                    age = Duration.parse(text.toUpperCase(Locale.ROOT));
                } else if (text.matches("\\d{1,9}[mhdw]")) {
                    long n = Long.parseLong(text.substring(0, text.length() - 1));
                    age = switch (text.charAt(text.length() - 1)) {
                        case 'm' -> Duration.ofMinutes(n);
                        case 'h' -> Duration.ofHours(n);
                        case 'd' -> Duration.ofDays(n);
                        default -> Duration.ofDays(7 * n);
                    };
                } else {
                    throw new TypeConversionException(expected(value));
                }
            } catch (DateTimeParseException e) {
                throw new TypeConversionException(expected(value));
            }
            if (age.isNegative()) {
                throw new TypeConversionException(expected(value));
            }
            return age;
        }

        private static String expected(String value) {
            return "expected an age such as 30d, 12h, 90m, 2w or P30D, found '" + value + "'";
        }
    }
}
