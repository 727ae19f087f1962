package dev.starfish.runtime.cli;

import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptions;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Adds each loaded job's declared options to {@code compile} (the seed's {@code RegisterArgs}),
 * one help section per job, from the declarations read off the job classes (no job is
 * created), and reads their values back per job after parsing. An option two jobs declare
 * is registered once and its value given to both.
 */
final class JobOptionBinder {

    private final Map<String, List<JobOption>> optionsByJob = new LinkedHashMap<>();

    void register(CommandSpec compile, JobRegistry registry) {
        Set<String> taken = new LinkedHashSet<>();
        compile.options().forEach(o -> taken.addAll(List.of(o.names())));
        for (RegisteredJob job : registry.jobs()) {
            List<JobOption> declared = job.declaration().options();
            optionsByJob.put(job.name(), declared);
            ArgGroupSpec.Builder group = ArgGroupSpec.builder().exclusive(false).multiplicity("0..1")
                    .heading("%n" + job.name() + " options:%n");
            boolean any = false;
            for (JobOption option : declared) {
                if (taken.add(option.name())) {
                    group.addArg(toSpec(option));
                    any = true;
                }
            }
            if (any) {
                compile.addArgGroup(group.build());
            }
        }
    }

    private static OptionSpec toSpec(JobOption option) {
        String description = option.description()
                + (option.defaultValue().isEmpty() ? "" : " (default: " + option.defaultValue() + ")");
        OptionSpec.Builder b = OptionSpec.builder(option.name()).description(description);
        return switch (option.type()) {
            case FLAG -> b.arity("0").type(boolean.class).build();
            case STRING, INTEGER -> b.arity("1").type(String.class).paramLabel(option.paramLabel()).build();
            case LIST -> b.arity("1").type(List.class).auxiliaryTypes(String.class).splitRegex(",")
                    .paramLabel(option.paramLabel()).build();
        };
    }

    /** Each job's option values: given ones, else defaults. */
    Map<String, JobOptions> values(ParseResult parsed) {
        Map<String, JobOptions> result = new LinkedHashMap<>();
        for (Map.Entry<String, List<JobOption>> entry : optionsByJob.entrySet()) {
            Map<String, List<String>> values = new LinkedHashMap<>();
            for (JobOption option : entry.getValue()) {
                List<String> v = valueOf(parsed, option);
                if (!v.isEmpty()) {
                    values.put(option.name(), v);
                }
            }
            result.put(entry.getKey(), new JobOptions(values));
        }
        return result;
    }

    /** Warns about each given option that only jobs outside {@code pipeline} declare: it has no effect. */
    void warnAboutUnusedOptions(ParseResult parsed, List<String> pipeline) {
        Set<String> used = new LinkedHashSet<>();
        pipeline.forEach(job -> optionsByJob.getOrDefault(job, List.of()).forEach(o -> used.add(o.name())));
        for (Map.Entry<String, List<JobOption>> entry : optionsByJob.entrySet()) {
            for (JobOption option : entry.getValue()) {
                if (parsed.hasMatchedOption(option.name()) && used.add(option.name())) {
                    LogManager.getLogger(JobOptionBinder.class).warn(
                            "{} has no effect: it is an option of {}, which is not in this compile's pipeline",
                            option.name(), entry.getKey());
                }
            }
        }
    }

    /** Whether an option of any job was given on the command line. */
    static boolean given(ParseResult parsed, String name) {
        return parsed.hasMatchedOption(name);
    }

    private static List<String> valueOf(ParseResult parsed, JobOption option) {
        if (!parsed.hasMatchedOption(option.name())) {
            return option.defaultValue().isEmpty() ? List.of() : List.of(option.defaultValue());
        }
        return switch (option.type()) {
            case FLAG -> List.of("true");
            case STRING, INTEGER -> List.of(String.valueOf((Object) parsed.matchedOptionValue(option.name(), "")));
            case LIST -> {
                List<String> all = new ArrayList<>();
                for (String raw : parsed.matchedOption(option.name()).stringValues()) {
                    for (String part : raw.split(",")) {
                        if (!part.isBlank()) {
                            all.add(part.trim());
                        }
                    }
                }
                yield all;
            }
        };
    }
}
