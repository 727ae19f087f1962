package dev.starfish.runtime.plugin;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The admission rule for artifacts plugins declare with {@code @ArtifactSpec}: one name means one
 * thing. A jar that declares an artifact differently from another admissible jar is refused, and
 * so is every other jar declaring it differently, for the reason two jars declaring one job are:
 * which meaning is genuine cannot be told, and a consumer must not read what another producer
 * meant. A jar that declares a standard artifact ({@link Artifacts}) differently from the plugin
 * API is refused alone. Declarations of rejected jobs take no part.
 */
public final class ArtifactDeclarations {

    private record Declared(String jarName, Artifacts.Artifact artifact) {
    }

    private final Map<String, List<Declared>> byName = new LinkedHashMap<>();
    private final Function<PluginJarReader.PluginJar, String> nameOf;

    /**
     * The declarations of {@code jars}' jobs that the reject list does not reject; {@code nameOf}
     * names a jar in messages (by file name, or by path when the plugin path has several directories).
     */
    public ArtifactDeclarations(List<PluginJarReader.PluginJar> jars, PluginRejectList rejectList,
            Function<PluginJarReader.PluginJar, String> nameOf) {
        this.nameOf = nameOf;
        for (PluginJarReader.PluginJar jar : jars) {
            for (JobDeclaration job : declarations(jar)) {
                if (rejectList.rejects(job.name())) {
                    continue;
                }
                for (Artifacts.Artifact artifact : job.declares()) {
                    byName.computeIfAbsent(artifact.name(), k -> new ArrayList<>())
                            .add(new Declared(nameOf.apply(jar), artifact));
                }
            }
        }
    }

    /** Why {@code jar} is refused for an artifact it declares, or empty. */
    public Optional<String> problem(PluginJarReader.PluginJar jar) {
        String self = nameOf.apply(jar);
        for (Map.Entry<String, List<Declared>> entry : byName.entrySet()) {
            List<Declared> mine = entry.getValue().stream().filter(d -> d.jarName().equals(self)).toList();
            if (mine.isEmpty()) {
                continue;
            }
            Artifacts.Artifact meant = mine.get(0).artifact();
            Optional<Artifacts.Artifact> standard = Artifacts.find(entry.getKey());
            if (standard.isPresent() && !standard.get().equals(meant)) {
                return Optional.of("artifact '" + entry.getKey() + "' of " + self + " (" + describe(meant) + ") is a "
                        + "standard artifact of the plugin API, which means " + describe(standard.get()) + "; declare "
                        + "it as the API does, or give yours another name");
            }
            List<String> others = entry.getValue().stream().filter(d -> !d.artifact().equals(meant))
                    .map(d -> d.jarName().equals(self) ? "this jar too" : d.jarName() + " (" + describe(d.artifact()) + ")")
                    .distinct().toList();
            if (!others.isEmpty()) {
                return Optional.of("artifact '" + entry.getKey() + "' of " + self + " (" + describe(meant) + ") is "
                        + "declared differently by " + String.join(", ", others) + "; an artifact name must mean one "
                        + "thing, so every jar declaring it differently is refused: make the declarations equal, or "
                        + "rename one");
            }
        }
        return Optional.empty();
    }

    /** {@code per subgraph: op_counts.json, intermediate, packed into the NEFF}. */
    static String describe(Artifacts.Artifact artifact) {
        String where = switch (artifact.scope()) {
            case SUBGRAPH -> "per subgraph: ";
            case WORK_DIR -> "in the work directory: ";
            case HOST_PATH -> "a host path";
        };
        return where + String.join(" ", artifact.files()) + (artifact.hostProvided() ? ", provided by the host" : "")
                + (artifact.intermediate() ? ", intermediate" : ", kept") + (artifact.packed() ? ", packed into the NEFF" : "");
    }

    /** The declarations of the jar's readable job classes. */
    public static List<JobDeclaration> declarations(PluginJarReader.PluginJar jar) {
        return jar.jobClasses().stream().flatMap(entry -> entry.declaration().stream()).toList();
    }
}
