package dev.starfish.runtime.lint;

import dev.starfish.api.JobDeclaration;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.plugin.JobClassEntry;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.JobClassLoader;
import dev.starfish.runtime.registry.JobCreation;
import dev.starfish.runtime.registry.PluginLoader;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The part of {@code plugins lint} that runs plugin code: each declared job class is
 * imported exactly as the registry imports it ({@link PluginLoader}: declaration read from
 * the class file, class loaded uninitialised in a {@link JobClassLoader}) and then created
 * as a compile creates it ({@link JobCreation#create}), so a class initialiser or
 * constructor that throws — anything, {@code Error}s included — becomes one finding.
 * Every class gets its own throw-away loader and native cache, closed and deleted after.
 */
final class JobCreationLint {

    /** The findings, and the declarations of the jobs that could be imported. */
    record Result(List<LintFinding> findings, List<JobDeclaration> imported) {
        Result {
            findings = List.copyOf(findings);
            imported = List.copyOf(imported);
        }
    }

    private JobCreationLint() {
    }

    static Result check(String jarName, PluginInfo info, List<String> classNames, ClassLoader hostLoader,
            HostSharedPackages policy) {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("starfish-lint-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch directory for lint: " + e.getMessage(), e);
        }
        List<LintFinding> findings = new ArrayList<>();
        List<JobDeclaration> imported = new ArrayList<>();
        try {
            PluginLoader loader = new PluginLoader(hostLoader, policy, PluginRejectList.none(),
                    NativeSettings.plain(scratch.resolve("native")));
            for (String className : classNames) {
                findings.addAll(importAndCreate(jarName, info, className, loader, imported));
            }
        } finally {
            deleteTree(scratch);
        }
        return new Result(findings, imported);
    }

    private static List<LintFinding> importAndCreate(String jarName, PluginInfo info, String className,
            PluginLoader loader, List<JobDeclaration> imported) {
        List<RegisteredJob> jobs;
        try {
            PluginLoader.Imported result = loader.load(PluginJarReader.ofClasses(info, List.of(className)), warning -> { });
            if (result.failure().isPresent()) {
                throw result.failure().get();
            }
            jobs = result.jobs();
        } catch (PluginImportException e) {
            return List.of(LintFinding.error(jarName, "Could not import '" + e.importName() + "': " + e.getMessage()));
        } catch (Throwable e) {
            return List.of(LintFinding.error(jarName, "Could not import '" + JobClassEntry.jobNameOf(className) + "': "
                    + e));
        }
        List<LintFinding> findings = new ArrayList<>();
        for (RegisteredJob job : jobs) {
            imported.add(job.declaration());
            try {
                JobCreation.create(job);
            } catch (Throwable e) {
                findings.add(LintFinding.error(jarName, e.getMessage() + "; a compile that runs " + job.name()
                        + " would fail the same way"));
            } finally {
                job.plugin().close();
            }
        }
        return findings;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a scratch directory left behind in the temporary directory is harmless
        }
    }
}
