package dev.starfish.runtime.lint;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.runtime.plugin.ArtifactDeclarations;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginRejectList;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code plugins lint} on the artifacts a jar declares and names, against the installed plugins:
 * an error when admission would refuse it for an artifact ({@link ArtifactDeclarations}, the same
 * rule and words; installing it would refuse the installed jar declaring the name too), a
 * warning for each name a job consumes or produces that neither the plugin API, the jar nor an
 * installed plugin declares (a compile planning that job stops until one is installed).
 */
final class ArtifactLint {

    private ArtifactLint() {
    }

    static List<LintFinding> check(String shownAs, PluginJarReader.PluginJar jar, List<PluginJarReader.PluginJar> installed) {
        List<LintFinding> findings = new ArrayList<>();
        List<PluginJarReader.PluginJar> together = new ArrayList<>(installed);
        together.add(jar);
        Optional<String> refused = new ArtifactDeclarations(together, PluginRejectList.none(),
                j -> j.info().jarName()).problem(jar);
        refused.ifPresent(reason -> findings.add(LintFinding.error(shownAs, "the registry would refuse the jar: " + reason)));
        Set<String> known = new LinkedHashSet<>();
        Artifacts.all().forEach(a -> known.add(a.name()));
        together.forEach(j -> ArtifactDeclarations.declarations(j).forEach(d -> d.declares().forEach(a -> known.add(a.name()))));
        for (JobDeclaration job : ArtifactDeclarations.declarations(jar)) {
            undeclared(shownAs, job, "consumes", job.consumes(), known, findings);
            undeclared(shownAs, job, "produces", job.produces(), known, findings);
        }
        return findings;
    }

    private static void undeclared(String shownAs, JobDeclaration job, String element, List<String> names,
            Set<String> known, List<LintFinding> findings) {
        for (String name : names) {
            if (!known.contains(name)) {
                findings.add(LintFinding.warning(shownAs, "job '" + job.name() + "' " + element + " '" + name + "', "
                        + "which neither the plugin API, this jar nor an installed plugin declares, so a compile "
                        + "running it stops until a plugin declaring it (@ArtifactSpec) is installed"));
            }
        }
    }
}
