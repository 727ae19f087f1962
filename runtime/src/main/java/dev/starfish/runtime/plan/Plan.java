package dev.starfish.runtime.plan;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.Subgraph;
import dev.starfish.runtime.registry.RegisteredJob;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A compile's plan before anything runs: its jobs in order, checked against their declarations
 * (every artifact a job consumes is provided by the host or produced by an earlier job), and the
 * artifacts the compile will have. Each job becomes steps: one per compile, or one per subgraph
 * — a template over {@value #TEMPLATE_SUBGRAPH} until the job producing
 * {@link Artifacts#SUBGRAPHS} has split the model. Immutable.
 *
 * @param jobs the jobs, in the order they run
 * @param artifacts the artifacts the host provides and the jobs produce, in order
 * @param catalog every artifact the installed plugins and the host declare
 */
public record Plan(List<RegisteredJob> jobs, Set<String> artifacts, ArtifactCatalog catalog) {

    /** The name that stands for every subgraph in a template step. */
    public static final String TEMPLATE_SUBGRAPH = "sgNN";

    public Plan {
        jobs = List.copyOf(requireNonNull(jobs, "jobs is null"));
        artifacts = Collections.unmodifiableSet(new LinkedHashSet<>(artifacts));
        requireNonNull(catalog, "catalog is null");
    }

    /**
     * Checks {@code jobs} in order and plans them.
     *
     * @param known every job the registry knows, to name a producer of a missing artifact; their
     *        declarations are the plan's {@link #catalog()}
     * @throws InvalidInputException {@code job Verifier needs 'bir', which no earlier job produces; ...}
     */
    public static Plan of(List<RegisteredJob> jobs, List<RegisteredJob> known) {
        ArtifactCatalog catalog = RegisteredJob.catalogOf(known);
        Set<String> available = new LinkedHashSet<>();
        catalog.all().stream().filter(Artifacts.Artifact::hostProvided).forEach(a -> available.add(a.name()));
        Optional<RegisteredJob> neffWriter = Optional.empty();
        for (RegisteredJob job : jobs) {
            JobDeclaration declaration = job.declaration();
            checkDeclared(job, "consumes", declaration.consumes(), catalog);
            checkDeclared(job, "produces", declaration.produces(), catalog);
            for (String needed : declaration.consumes()) {
                if (!available.contains(needed)) {
                    throw new InvalidInputException("job " + job.name() + " needs '" + needed
                            + "', which no earlier job produces; " + hint(job.name(), needed, known));
                }
            }
            for (String made : declaration.produces()) {
                if (neffWriter.isPresent() && catalog.of(made).packed()) {
                    throw new InvalidInputException("job " + job.name() + " produces '" + made + "', which the NEFF "
                            + "packs, after " + neffWriter.get().name() + " has written the NEFF: put " + job.name()
                            + " before " + neffWriter.get().name() + " in the pipeline");
                }
            }
            if (declaration.produces().contains(Artifacts.NEFF)) {
                neffWriter = Optional.of(job);
            }
            available.addAll(declaration.produces());
        }
        return new Plan(jobs, available, catalog);
    }

    private static void checkDeclared(RegisteredJob job, String element, List<String> names, ArtifactCatalog catalog) {
        for (String name : names) {
            if (catalog.find(name).isEmpty()) {
                throw new InvalidInputException("job " + job.name() + " (" + job.info().jarName() + ") " + element
                        + " '" + name + "', which neither the host nor any installed plugin declares: install the "
                        + "plugin whose @ArtifactSpec declares it, or remove " + job.name() + " from the pipeline");
            }
        }
    }

    private static String hint(String job, String artifact, List<RegisteredJob> known) {
        List<String> producers = known.stream().filter(k -> k.declaration().produces().contains(artifact))
                .map(RegisteredJob::name).toList();
        return producers.isEmpty() ? "no installed job produces it: remove " + job + " from the pipeline"
                : "put " + String.join(" or ", producers) + " (which produces it) before " + job + " in the pipeline";
    }

    /** The one template input standing for every subgraph, {@code <workDir>/sgNN}. */
    public static List<Subgraph> templateInputs(Path workDir) {
        return List.of(new Subgraph(TEMPLATE_SUBGRAPH, workDir.resolve(TEMPLATE_SUBGRAPH)));
    }

    /** The names of the jobs, in order. */
    public List<String> jobNames() {
        return jobs.stream().map(RegisteredJob::name).toList();
    }
}
