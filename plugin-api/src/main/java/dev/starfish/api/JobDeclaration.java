package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a job declares about itself with {@link JobSpec} and {@link JobOptionSpec}: its
 * name (the class's simple name), kind, tool and options. Immutable. The host builds it
 * from the class file without running plugin code; {@link #of} builds it by reflection,
 * for a job's own code and tests.
 *
 * @param name the job's name, e.g. {@code WalrusDriver}
 * @param kind native or in-process
 * @param tool the bare tool name of a native job; empty for an in-process job
 * @param options the options the job adds to {@code starfish compile}, in declaration order
 */
public record JobDeclaration(String name, JobKind kind, Optional<String> tool, List<JobOption> options) {

    public JobDeclaration {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(tool, "tool is null");
        options = List.copyOf(requireNonNull(options, "options is null"));
        if (kind == JobKind.NATIVE && tool.isEmpty()) {
            throw new IllegalArgumentException("job " + name + " is declared native but names no tool: expected"
                    + " @JobSpec(kind = NATIVE, tool = \"<bare tool name>\")");
        }
        if (kind != JobKind.NATIVE && tool.isPresent()) {
            throw new IllegalArgumentException("job " + name + " is declared " + kind.label() + " but names the tool '"
                    + tool.get() + "': only a native job spawns a tool");
        }
        if (tool.isPresent() && (tool.get().isEmpty() || tool.get().contains("/"))) {
            throw new IllegalArgumentException("job " + name + " must declare a bare tool name, found '" + tool.get() + "'");
        }
        Set<String> seen = new HashSet<>();
        for (JobOption option : options) {
            if (!seen.add(option.name())) {
                throw new IllegalArgumentException("job " + name + " declares the option " + option.name() + " twice");
            }
        }
    }

    /**
     * The declaration from the annotations of {@code type}, read by reflection: for a job's own
     * code and its tests. (The host reads the class file instead, so that not even an annotation
     * of the plugin's own can make it run plugin code.)
     */
    public static JobDeclaration of(Class<?> type) {
        requireNonNull(type, "type is null");
        JobSpec spec = type.getAnnotation(JobSpec.class);
        if (spec == null) {
            throw new IllegalArgumentException("job class " + type.getName() + " has no @" + JobSpec.class.getName()
                    + " annotation: declare its kind (and tool) with it");
        }
        List<JobOption> options = java.util.Arrays.stream(type.getAnnotationsByType(JobOptionSpec.class))
                .map(o -> new JobOption(o.name(), o.paramLabel(), o.description(), o.defaultValue(), o.type()))
                .toList();
        return new JobDeclaration(type.getSimpleName(), spec.kind(), toolOf(spec.tool()), options);
    }

    /** An annotation's {@code tool} value as an optional: empty text means no tool. */
    public static Optional<String> toolOf(String annotationValue) {
        return annotationValue == null || annotationValue.isEmpty() ? Optional.empty() : Optional.of(annotationValue);
    }
}
