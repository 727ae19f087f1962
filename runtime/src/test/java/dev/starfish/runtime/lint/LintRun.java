package dev.starfish.runtime.lint;

import dev.starfish.runtime.plugin.PluginTrust;
import dev.starfish.runtime.registry.HostSharedPackages;
import java.nio.file.Path;
import java.util.List;

/** Runs {@code plugins lint} on one jar as the command does, with no installed plugins and no tool directories. */
final class LintRun {

    private LintRun() {
    }

    /** The printed lines of every finding for {@code jar}. */
    static List<String> lines(Path jar) {
        PluginLinter linter = new PluginLinter(LintRun.class.getClassLoader(), HostSharedPackages.defaults(),
                PluginTrust.forCurrentUser(), List.of(), List.of());
        return linter.lint(jar, jar.getFileName().toString()).stream().map(LintFinding::line).toList();
    }

    /** Source of an in-process job {@code pkg.Name} whose {@code runOnState} is {@code body}. */
    static String job(String pkg, String name, String body) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + name + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n" + body + "\n  }\n}\n";
    }
}
