package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one place that names what jobs consume and produce, and where each such artifact lives.
 * Jobs declare artifacts by these names in {@link JobSpec#consumes()} and {@link JobSpec#produces()};
 * the host checks a pipeline with them (every consumed artifact is produced by an earlier job or
 * provided by the host) and {@code SaveTemps} removes the intermediates with them.
 *
 * <p>These are the standard artifacts: those the host provides ({@link #MODEL},
 * {@link #COMPILE_RECORD}, {@link #NEFF}) and those of the shipped pipeline, which the shipped
 * plugins declare with {@link ArtifactSpec} as any plugin declares its own. A compile knows every
 * declared artifact through its {@link ArtifactCatalog} ({@link JobState#artifactCatalog()});
 * {@link #find} and {@link #of} know only these. A plugin built before {@link ArtifactSpec} that
 * names one of these gets this table's declaration.
 *
 * <p>The names are compile-time constants so they can be used in annotations.
 */
public final class Artifacts {

    /** The source model the user compiles; provided by the host. */
    public static final String MODEL = "model";
    /** The record of the compile ({@code compile.json}: model SHA-256, pipeline, options); provided by the host. */
    public static final String COMPILE_RECORD = "compile-record";
    /** Each subgraph's standalone HLO module, {@code sgNN/model.hlo}: the model split into subgraphs. */
    public static final String SUBGRAPHS = "subgraphs";
    /** Per subgraph: {@code model.penguin}, the penguin tensorizer IR. */
    public static final String PENGUIN = "penguin";
    /** Per subgraph: {@code model.bir}. */
    public static final String BIR = "bir";
    /** Per subgraph: {@code model.wp.bir}, the BIR with watchpoints. */
    public static final String WATCHPOINT_BIR = "watchpoint-bir";
    /** Per subgraph: {@code goldens/inputs.bin} and {@code goldens/outputs.bin}. */
    public static final String GOLDENS = "goldens";
    /** {@code io_transposes.json} in the work directory. */
    public static final String IO_TRANSPOSES = "io-transposes";
    /** {@code tensor_map.json} in the work directory. */
    public static final String TENSOR_MAP = "tensor-map";
    /** {@code kgraph.json} in the work directory, the linked kernel graph. */
    public static final String KERNEL_GRAPH = "kernel-graph";
    /** Per subgraph: the Backend's report {@code backend.json} and its {@code watchpoints/} dumps; a result, kept. */
    public static final String BACKEND_REPORT = "backend-report";
    /** The {@code .neff}, the compile's output: where the user asked for it; a result, kept. */
    public static final String NEFF = "neff";

    /** Where an artifact lives. */
    public enum Scope {
        /** Files in each subgraph's directory {@code sgNN/}. */
        SUBGRAPH,
        /** Files in the compile's work directory. */
        WORK_DIR,
        /** A path the host records in {@link JobState#artifact}: the model, the output. */
        HOST_PATH
    }

    /**
     * One artifact.
     *
     * @param name its name, e.g. {@code bir}
     * @param scope where it lives
     * @param files its files, relative to the subgraph or work directory; empty for {@link Scope#HOST_PATH}
     *        (a name ending in {@code /} is a directory: every file below it)
     * @param intermediate whether a compile may delete it once the NEFF is written
     * @param hostProvided whether the host provides it before any job runs
     * @param packed whether the NEFF packs its files
     */
    public record Artifact(String name, Scope scope, List<String> files, boolean intermediate, boolean hostProvided,
            boolean packed) {

        /** The pattern of an artifact's name. */
        public static final String NAME_PATTERN = "[a-z][a-z0-9]*(-[a-z0-9]+)*";

        public Artifact {
            requireNonNull(name, "name is null");
            requireNonNull(scope, "scope is null");
            files = List.copyOf(files);
            if (!name.matches(NAME_PATTERN)) {
                throw new IllegalArgumentException("artifact name '" + name + "' is not plain: expected lower-case "
                        + "letters, digits and single dashes, e.g. op-counts");
            }
            if (scope == Scope.HOST_PATH ? !files.isEmpty() : files.isEmpty()) {
                throw new IllegalArgumentException("artifact '" + name + "' of scope " + scope + (scope == Scope.HOST_PATH
                        ? " names files; a host path has none" : " names no file: expected files = \"<relative path>\""));
            }
            for (String file : files) {
                checkRelative(name, file);
                if (packed && isDirectory(file)) {
                    throw new IllegalArgumentException("artifact '" + name + "' is packed into the NEFF but names the "
                            + "directory '" + file + "': the NEFF's members are listed before the step runs (as -### "
                            + "prints them), so a packed artifact names its files");
                }
            }
        }

        // written out: a record's generated equals bootstraps through java.lang.runtime.ObjectMethods,
        // which spins some twenty method handle classes on first use (15-25 ms of every one-shot command
        // that loads plugins, since admission compares every declaration)
        @Override
        public boolean equals(Object other) {
            return other instanceof Artifact a && a.name.equals(name) && a.scope == scope && a.files.equals(files)
                    && a.intermediate == intermediate && a.hostProvided == hostProvided && a.packed == packed;
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, scope, files, intermediate, hostProvided, packed);
        }

        /** An artifact the NEFF does not pack (the shape of the first API). */
        public Artifact(String name, Scope scope, List<String> files, boolean intermediate, boolean hostProvided) {
            this(name, scope, files, intermediate, hostProvided, false);
        }

        /** The artifact's files in {@code dir} (a subgraph directory or the work directory); a directory entry as the directory. */
        public List<Path> filesIn(Path dir) {
            return files.stream().map(dir::resolve).toList();
        }

        /** Whether the entry {@code file} of {@link #files()} is a directory, e.g. {@code dumps/}. */
        public static boolean isDirectory(String file) {
            return file.endsWith("/");
        }

        private static void checkRelative(String name, String file) {
            String plain = isDirectory(file) ? file.substring(0, file.length() - 1) : file;
            boolean escapes = plain.isEmpty() || plain.startsWith("/") || plain.contains("\\")
                    || Arrays.stream(plain.split("/")).anyMatch(p -> p.isEmpty() || p.equals(".") || p.equals(".."));
            if (escapes) {
                throw new IllegalArgumentException("artifact '" + name + "' names the file '" + file + "': expected a "
                        + "relative path inside its directory, without . or .. (e.g. op_counts.json or dumps/)");
            }
        }
    }

    private static final Map<String, Artifact> ALL = table(
            new Artifact(MODEL, Scope.HOST_PATH, List.of(), false, true),
            new Artifact(COMPILE_RECORD, Scope.WORK_DIR, List.of("compile.json"), false, true),
            new Artifact(SUBGRAPHS, Scope.SUBGRAPH, List.of("model.hlo"), true, false),
            new Artifact(PENGUIN, Scope.SUBGRAPH, List.of("model.penguin"), true, false),
            new Artifact(BIR, Scope.SUBGRAPH, List.of("model.bir"), true, false, true),
            new Artifact(WATCHPOINT_BIR, Scope.SUBGRAPH, List.of("model.wp.bir"), true, false),
            new Artifact(GOLDENS, Scope.SUBGRAPH, List.of("goldens/inputs.bin", "goldens/outputs.bin"), true, false, true),
            new Artifact(TENSOR_MAP, Scope.WORK_DIR, List.of("tensor_map.json"), true, false),
            new Artifact(IO_TRANSPOSES, Scope.WORK_DIR, List.of("io_transposes.json"), true, false),
            new Artifact(KERNEL_GRAPH, Scope.WORK_DIR, List.of("kgraph.json"), true, false),
            new Artifact(BACKEND_REPORT, Scope.SUBGRAPH, List.of("backend.json"), false, false),
            new Artifact(NEFF, Scope.HOST_PATH, List.of(), false, false));

    private Artifacts() {
    }

    private static Map<String, Artifact> table(Artifact... artifacts) {
        Map<String, Artifact> table = new LinkedHashMap<>();
        for (Artifact artifact : artifacts) {
            table.put(artifact.name(), artifact);
        }
        return Collections.unmodifiableMap(table);
    }

    /** The artifact of that name, if it is a standard one. */
    public static Optional<Artifact> find(String name) {
        return Optional.ofNullable(ALL.get(name));
    }

    /** The artifact of that name. @throws IllegalArgumentException for a name this API does not define */
    public static Artifact of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown artifact '" + name
                + "': expected one of " + String.join(", ", ALL.keySet())));
    }

    /** Every artifact, in the order above. */
    public static List<Artifact> all() {
        return List.copyOf(ALL.values());
    }

    /** The one file of a single-file artifact, e.g. {@code model.bir} for {@link #BIR}. */
    public static String fileName(String name) {
        List<String> files = of(name).files();
        if (files.size() != 1) {
            throw new IllegalArgumentException("artifact '" + name + "' is " + files.size() + " files, not one");
        }
        return files.get(0);
    }
}
