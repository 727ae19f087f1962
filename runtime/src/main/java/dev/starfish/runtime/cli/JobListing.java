package dev.starfish.runtime.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.starfish.api.ToolNotFoundException;
import dev.starfish.runtime.launch.ResolvedTool;
import dev.starfish.runtime.launch.ToolResolver;
import dev.starfish.runtime.launch.UntrustedToolException;
import dev.starfish.runtime.lint.BundledLibraries;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * One row of {@code starfish jobs}; its components are the JSON keys, every key in every
 * row ({@code null} when it does not apply or was not asked for). The schema is
 * {@code docs/jobs-json.md}. Built from the job's declaration alone: no plugin code runs.
 *
 * @param name the job's name
 * @param kind {@code native} or {@code in-process}
 * @param tool the bare tool name of a native job, else {@code null}
 * @param toolPath where the tool resolves; {@code null} for an in-process job and for a tool that is missing
 * @param toolOrigin {@code private}, {@code plugin}, {@code bin}, or {@code null} when {@code toolPath} is
 * @param plugin the plugin id
 * @param version the plugin version
 * @param jar the plugin jar's path
 * @param bundles the Maven artifacts the jar bundles (with {@code --libraries}, else {@code null})
 * @param nativeLibraries the JNI libraries the plugin bundles, with their extraction paths (with {@code --native}, else {@code null})
 * @param bundledTools the tools the plugin bundles, extracted (with {@code --native}, else {@code null})
 * @param enabledBy the option that requests a job that runs only on request, e.g. {@code --watchpoint}, else {@code null}
 * @param pipelinePosition the job's place in the configured pipeline ({@code pipeline=}), from 1; {@code null} when
 *        it is not in it (no compile runs it unless {@code --pipeline} names it)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
record JobListing(String name, String kind, String tool, String toolPath, String toolOrigin, String plugin,
        String version, String jar, List<String> bundles, List<NativeLibraryListing> nativeLibraries,
        List<String> bundledTools, String enabledBy, Integer pipelinePosition) {

    /** One bundled JNI library: file, content hash (its version identity) and extraction path. */
    record NativeLibraryListing(String file, String sha256, String path, boolean extracted) {
    }

    static JobListing of(RegisteredJob job, ToolResolver resolver, boolean withBundles, boolean withNatives,
            OptionalInt pipelinePosition) {
        String tool = job.declaration().tool().orElse(null);
        String toolPath = null;
        String origin = null;
        if (tool != null) {
            try {
                ResolvedTool resolved = resolver.locate(tool);
                toolPath = resolved.path().toString();
                origin = resolved.origin().label();
            } catch (ToolNotFoundException e) {
                // a missing tool: toolPath and toolOrigin stay null
            } catch (UntrustedToolException e) {
                origin = "refused";
            }
        }
        List<NativeLibraryListing> libraries = null;
        List<String> tools = null;
        if (withNatives) {
            libraries = job.plugin().loader().natives().libraries().stream()
                    .map(l -> new NativeLibraryListing(l.fileName(), l.sha256(), l.path().toString(), l.extracted()))
                    .toList();
            tools = job.plugin().loader().bundledToolsDir().map(JobListing::listTools).orElse(List.of());
        }
        return new JobListing(job.name(), job.declaration().kind().label(), tool, toolPath, origin, job.info().id(),
                job.info().version(), job.info().jar().toString(),
                withBundles ? BundledLibraries.of(job.info().jar()) : null, libraries, tools,
                job.declaration().enabledBy().orElse(null),
                pipelinePosition.isPresent() ? pipelinePosition.getAsInt() : null);
    }

    private static List<String> listTools(Path dir) {
        try (var files = Files.list(dir)) {
            return files.map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
