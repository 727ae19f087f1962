package dev.starfish.runtime.lint;

import dev.starfish.api.PluginApi;
import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.plugin.IndexedDeclarations;
import dev.starfish.runtime.plugin.JobClassEntry;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.registry.DeclarationCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code plugins lint}'s check of the build-time job index: a jar without one is a warning (the
 * host reads every job class instead, and the build did not check the declarations); an index the
 * host would refuse — not valid, leaving a job out, listing one PF4J does not, or saying otherwise
 * than a class — is an error, found here from the class files rather than when a compile first
 * loads the job.
 */
final class JobIndexLint {

    private JobIndexLint() {
    }

    static List<LintFinding> check(String shownAs, PluginJarFile file, PluginInfo info, List<String> extensionClasses)
            throws IOException {
        Optional<byte[]> index;
        try {
            index = file.read(PluginApi.JOB_INDEX, IndexedDeclarations.MAX_INDEX_BYTES);
        } catch (IOException e) {
            return List.of(LintFinding.error(shownAs, e.getMessage() + ": the registry refuses the jar"));
        }
        if (index.isEmpty()) {
            return List.of(LintFinding.warning(shownAs, "no build-time job index " + PluginApi.JOB_INDEX + ", so the "
                    + "host reads every job class file to list the jobs and no build checked their declarations: "
                    + "compile the jar with plugin API " + PluginApi.VERSION + " on the class path (its annotation "
                    + "processor writes the index)"));
        }
        IndexedDeclarations.Read read;
        try {
            read = IndexedDeclarations.read(file, info, extensionClasses, index.get());
        } catch (PluginImportException e) {
            return List.of(LintFinding.error(shownAs, e.getMessage()));
        }
        List<LintFinding> findings = new ArrayList<>();
        read.disagreements().forEach(d -> findings.add(LintFinding.error(shownAs, d)));
        for (JobClassEntry entry : read.entries()) {
            if (entry.problem().isPresent()) {
                continue; // the class's own problem, which the import check reports
            }
            Optional<byte[]> classFile = file.read(entry.className().replace('.', '/') + ".class");
            if (classFile.isPresent()) {
                DeclarationCheck.lie(entry.className(), entry.declaration().orElseThrow(), classFile.get(),
                        info.jarName()).ifPresent(lie -> findings.add(LintFinding.error(shownAs, lie)));
            }
        }
        return findings;
    }
}
