package dev.starfish.runtime.doctor;

import dev.starfish.api.ToolNotFoundException;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.launch.ResolvedTool;
import dev.starfish.runtime.launch.ToolTrust;
import dev.starfish.runtime.launch.UntrustedToolException;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The native tools: every file of {@code starfish/bin/private} and {@code starfish/bin} must be
 * runnable, and every job's tool must resolve (private first, then the plugin's own, then bin),
 * except a tool of a job that runs only on request, which an installation may leave out. Both
 * directories and every tool must pass {@link ToolTrust}, as the resolver demands before a run.
 */
final class ToolsCheck implements Check {

    /** Unit-test binaries the build leaves in {@code starfish/bin/private} (docs/toolchain-contract.md): no tool. */
    private static final Set<String> INTERNAL_TESTS = Set.of("tensor_indirect_test");

    @Override
    public List<Finding> run(Installation installation) {
        List<Finding> findings = new ArrayList<>();
        findings.addAll(shippedTools(installation, installation.home().privateBinDir(), false));
        findings.addAll(shippedTools(installation, installation.home().binDir(), true));
        installation.host().ifPresent(host -> host.registry().jobs().stream()
                .filter(job -> job.declaration().tool().isPresent())
                .forEach(job -> findings.add(jobTool(installation, host, job))));
        return findings;
    }

    private static List<Finding> shippedTools(Installation installation, Path dir, boolean required) {
        String shown = installation.show(dir);
        if (!Files.isDirectory(dir)) {
            return required ? List.of(Finding.fail("tools", shown + " is missing, so no shipped tool can run",
                    "reinstall the distribution")) : List.of();
        }
        ToolTrust trust = ToolTrust.forCurrentUser();
        List<Finding> findings = new ArrayList<>();
        trust.directoryProblem(dir).ifPresent(problem -> findings.add(untrusted("tools", problem)));
        int good = 0;
        for (Path file : list(dir)) {
            if (INTERNAL_TESTS.contains(file.getFileName().toString())) {
                continue;
            }
            Optional<String> problem = Executables.whyNotRunnable(file);
            Optional<String> untrusted = trust.toolProblem(file, Optional.empty());
            if (problem.isEmpty() && untrusted.isPresent()) {
                findings.add(untrusted("tool", untrusted.get()));
            } else if (problem.isPresent()) {
                findings.add(Finding.fail("tool", installation.show(file) + " " + problem.get(),
                        problem.get().startsWith("is not executable") ? "chmod 755 " + file
                                : "replace it with a working build of the tool, or remove it"));
            } else {
                good++;
            }
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok("tools", good + " tool" + (good == 1 ? "" : "s") + " in " + shown
                    + (good == 0 ? "" : ", each executable")));
        }
        return findings;
    }

    private static Finding jobTool(Installation installation, Host host, RegisteredJob job) {
        String tool = job.declaration().tool().orElseThrow();
        try {
            ResolvedTool resolved = host.toolResolverFor(job).locate(tool);
            return Finding.ok("job tool", job.name() + ": " + tool + " -> " + installation.show(resolved.path()) + " ("
                    + resolved.origin().label() + ")");
        } catch (UntrustedToolException e) {
            return untrusted("job tool", job.name() + ": " + e.getMessage());
        } catch (ToolNotFoundException e) {
            Optional<String> enabledBy = job.declaration().enabledBy();
            if (enabledBy.isPresent()) {
                return Finding.ok("job tool", job.name() + ": " + tool + " is not installed; the job runs only with "
                        + enabledBy.get() + " (drop " + tool + " into starfish/bin/private to use it)");
            }
            return Finding.fail("job tool", job.name() + ": " + e.getMessage(), "restore " + tool + " in "
                    + installation.show(installation.home().binDir()) + " (chmod 755) or drop one into "
                    + installation.show(installation.home().privateBinDir()));
        }
    }

    /** A {@link ToolTrust} verdict as a finding: its reason, and its fix apart. */
    private static Finding untrusted(String check, String message) {
        int fix = message.lastIndexOf("; fix with ");
        return fix < 0 ? Finding.fail(check, message, "remove the tool") : Finding.fail(check,
                message.substring(0, fix), message.substring(fix + "; fix with ".length()));
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !Files.isDirectory(f)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
