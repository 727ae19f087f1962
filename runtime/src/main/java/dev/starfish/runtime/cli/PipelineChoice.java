package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.registry.JobAvailability;
import dev.starfish.runtime.registry.JobRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The jobs a compile runs: the pipeline configured in {@code conf/starfish.properties}
 * ({@code pipeline=}) without the rejected jobs (each dropped with a warning; a job whose jar was
 * refused stops the compile, exit 2) and without the
 * jobs that run only on request ({@code @JobSpec(enabledBy = ...)}) whose option was not given;
 * or exactly the {@code --pipeline} list — one comma-separated value, each name trimmed; an
 * unknown name gets a "did you mean", a rejected one says so. Naming a job in {@code --pipeline}
 * requests it. No job is known here by name: everything comes from configuration and declarations.
 */
final class PipelineChoice {

    private static final Logger LOG = LogManager.getLogger(PipelineChoice.class);

    private final List<String> jobs;

    /**
     * @param configured the {@code pipeline=} of {@code conf/starfish.properties}, as items
     * @param configSource the file it was read from, for messages
     * @param given whether an option was given on the command line
     */
    PipelineChoice(JobRegistry registry, String explicit, List<String> configured, String configSource,
            Predicate<String> given) {
        this.jobs = explicit != null ? explicit(registry, explicit)
                : onRequestOnly(registry, withoutRejected(registry, configured(configured, configSource), configSource), given);
    }

    private static List<String> configured(List<String> names, String source) {
        if (names.isEmpty()) {
            throw new InvalidInputException(source + " sets no pipeline: add pipeline=JOB,JOB,... (the default job order)"
                    + " or give --pipeline");
        }
        if (names.stream().anyMatch(String::isEmpty)) {
            throw new InvalidInputException(source + ": pipeline expects job names separated by commas, found '"
                    + String.join(",", names) + "'");
        }
        return names;
    }

    /** Drops each job that runs only on request and was not requested. */
    private static List<String> onRequestOnly(JobRegistry registry, List<String> names, Predicate<String> given) {
        List<String> kept = new ArrayList<>();
        for (String name : names) {
            Optional<String> enabledBy = registry.contains(name) ? registry.registered(name).declaration().enabledBy()
                    : Optional.empty();
            if (enabledBy.isEmpty() || given.test(enabledBy.get())) {
                kept.add(name);
            } else {
                LOG.debug("job {} runs only on request ({}); not in this compile", name, enabledBy.get());
            }
        }
        return kept;
    }

    List<String> jobs() {
        return jobs;
    }

    private static List<String> explicit(JobRegistry registry, String value) {
        List<String> names = Arrays.stream(value.split(",", -1)).map(String::trim).toList();
        if (names.stream().anyMatch(String::isEmpty)) {
            throw new InvalidInputException("--pipeline expects job names separated by commas, found '" + value + "'");
        }
        for (String name : names) {
            if (registry.contains(name)) {
                continue;
            }
            if (registry.rejectList().rejects(name)) {
                throw new InvalidInputException("job " + name + " is on the reject list (rejected.jobs or --reject-jobs)"
                        + "; remove it from --pipeline or from the reject list");
            }
            if (registry.turnedAway().stream().anyMatch(r -> r.jobs().contains(name))) {
                registry.registered(name);
            }
            List<String> known = registry.jobs().stream().map(j -> j.name()).toList();
            String unread = JobAvailability.whyNot(registry, name).filter(why -> !why.undeclared())
                    .map(why -> "; " + why.reason()).orElse("");
            throw new InvalidInputException("unknown job '" + name + "' in --pipeline" + suggestion(name, known)
                    + "; known jobs: " + (known.isEmpty() ? "none" : String.join(", ", known)) + unread);
        }
        return names;
    }

    /**
     * Drops, each with a warning, the configured jobs that are rejected; a configured job that
     * cannot run (its jar refused or failed, or no jar declares it) stops the compile before
     * anything runs, as {@code doctor} fails it ({@link JobAvailability}). Nothing of a refused
     * jar ever runs.
     */
    private static List<String> withoutRejected(JobRegistry registry, List<String> defaults, String source) {
        List<String> kept = new ArrayList<>();
        for (String name : defaults) {
            Optional<JobAvailability> whyNot = JobAvailability.whyNot(registry, name);
            if (whyNot.isPresent()) {
                throw new InvalidInputException("job " + name + " of the pipeline in " + source + " cannot run: "
                        + whyNot.get().reason() + "; fix that jar (starfish doctor), or remove " + name + " from pipeline= there"
                        + " or name the jobs with --pipeline");
            }
            if (registry.rejectList().rejects(name)) {
                LOG.warn("job {} is on the reject list; the compile runs without it", name);
            } else {
                kept.add(name);
            }
        }
        return kept;
    }

    /** {@code " (did you mean MyJob?)"} for a name one case change or two edits away from a known one. */
    static String suggestion(String name, List<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = candidate.equalsIgnoreCase(name) ? 0
                    : distance(name.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best != null && bestDistance <= Math.max(2, name.length() / 4) ? " (did you mean " + best + "?)" : "";
    }

    private static int distance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }
}
