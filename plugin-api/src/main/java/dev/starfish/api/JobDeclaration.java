package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a job declares about itself with {@link JobSpec} and {@link JobOptionSpec}: its
 * name (the class's simple name), kind, tool, options, the artifacts it consumes and
 * produces, whether it runs per subgraph, the option that requests it, and what it does.
 * Immutable. The host builds it from the class file without running plugin code; {@link #of}
 * builds it by reflection, for a job's own code and tests.
 *
 * @param name the job's name, e.g. {@code WalrusDriver}
 * @param kind native or in-process
 * @param tool the bare tool name of a native job; empty for an in-process job
 * @param options the options the job adds to {@code starfish compile}, in declaration order
 * @param consumes the artifacts it reads (of {@link Artifacts} or an {@link ArtifactSpec}), in declaration order
 * @param produces the artifacts it writes, in declaration order
 * @param perSubgraph one step per subgraph rather than one per compile
 * @param enabledBy the option that requests the job (it runs only when given); empty when it always runs
 * @param action what an in-process job does, for the plan; may be empty
 * @param declares the artifacts its class declares with {@link ArtifactSpec}, in declaration order
 */
public record JobDeclaration(String name, JobKind kind, Optional<String> tool, List<JobOption> options,
        List<String> consumes, List<String> produces, boolean perSubgraph, Optional<String> enabledBy, String action,
        List<Artifacts.Artifact> declares) {

    public JobDeclaration {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(tool, "tool is null");
        options = List.copyOf(requireNonNull(options, "options is null"));
        consumes = List.copyOf(requireNonNull(consumes, "consumes is null"));
        produces = List.copyOf(requireNonNull(produces, "produces is null"));
        requireNonNull(enabledBy, "enabledBy is null");
        requireNonNull(action, "action is null");
        declares = List.copyOf(requireNonNull(declares, "declares is null"));
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
        checkArtifacts(name, "consumes", consumes);
        checkArtifacts(name, "produces", produces);
        if (enabledBy.isPresent()) {
            checkEnablingOption(name, enabledBy.get(), options);
        }
        Set<String> declared = new HashSet<>();
        for (Artifacts.Artifact artifact : declares) {
            if (artifact.scope() == Artifacts.Scope.HOST_PATH || artifact.hostProvided()) {
                throw new IllegalArgumentException("job " + name + " declares the artifact '" + artifact.name()
                        + "' as a host's: only the host provides artifacts or records host paths; declare scope "
                        + "SUBGRAPH or WORK_DIR");
            }
            if (!declared.add(artifact.name())) {
                throw new IllegalArgumentException("job " + name + " declares the artifact '" + artifact.name() + "' twice");
            }
        }
    }

    /** A job whose class declares no artifact of its own (the shape of the first API). */
    public JobDeclaration(String name, JobKind kind, Optional<String> tool, List<JobOption> options,
            List<String> consumes, List<String> produces, boolean perSubgraph, Optional<String> enabledBy, String action) {
        this(name, kind, tool, options, consumes, produces, perSubgraph, enabledBy, action, List.of());
    }

    /** A job that consumes and produces nothing declared, runs once per compile and whenever it is in the pipeline. */
    public JobDeclaration(String name, JobKind kind, Optional<String> tool, List<JobOption> options) {
        this(name, kind, tool, options, List.of(), List.of(), false, Optional.empty(), "");
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
        return of(type.getSimpleName(), spec, List.of(type.getAnnotationsByType(JobOptionSpec.class)),
                List.of(type.getAnnotationsByType(ArtifactSpec.class)));
    }

    /**
     * The declaration of the job class {@code name} from its annotations, however they were obtained:
     * by reflection ({@link #of(Class)}) or from source by the build's annotation processor
     * ({@code dev.starfish.api.processing.JobIndexProcessor}), so both read them the same way.
     *
     * @throws IllegalArgumentException when they declare something invalid
     */
    public static JobDeclaration of(String name, JobSpec spec, List<JobOptionSpec> options,
            List<ArtifactSpec> artifacts) {
        requireNonNull(spec, "spec is null");
        List<JobOption> declaredOptions = options.stream()
                .map(o -> new JobOption(o.name(), o.paramLabel(), o.description(), o.defaultValue(), o.type()))
                .toList();
        List<Artifacts.Artifact> declares = artifacts.stream()
                .map(a -> new Artifacts.Artifact(a.name(), a.scope(), List.of(a.files()), a.intermediate(), false,
                        a.packed()))
                .toList();
        return new JobDeclaration(name, spec.kind(), toolOf(spec.tool()), declaredOptions, List.of(spec.consumes()),
                List.of(spec.produces()), spec.perSubgraph(), toolOf(spec.enabledBy()), spec.action(), declares);
    }

    /** An annotation's text value as an optional: empty text means none. */
    public static Optional<String> toolOf(String annotationValue) {
        return annotationValue == null || annotationValue.isEmpty() ? Optional.empty() : Optional.of(annotationValue);
    }

    /** {@code on request (--watchpoint)} for a job that runs only on request, else empty. */
    public Optional<String> onRequest() {
        return enabledBy.map(option -> "on request (" + option + ")");
    }

    private static void checkArtifacts(String job, String element, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String artifact : names) {
            if (!artifact.matches(Artifacts.Artifact.NAME_PATTERN)) {
                throw new IllegalArgumentException("job " + job + " " + element + " '" + artifact + "', which is no "
                        + "artifact name: expected a name of dev.starfish.api.Artifacts or of an @ArtifactSpec "
                        + "(lower-case letters, digits and dashes)");
            }
            if (!seen.add(artifact)) {
                throw new IllegalArgumentException("job " + job + " " + element + " '" + artifact + "' twice");
            }
        }
    }

    private static void checkEnablingOption(String job, String option, List<JobOption> options) {
        JobOption declared = options.stream().filter(o -> o.name().equals(option)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("job " + job + " is enabled by " + option
                        + ", which is not one of its own options: declare it with @JobOptionSpec"));
        if (!declared.defaultValue().isEmpty()) {
            throw new IllegalArgumentException("job " + job + " is enabled by " + option + ", which has the default '"
                    + declared.defaultValue() + "': an enabling option must have no default");
        }
    }
}
