package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.lint.LintFinding;
import dev.starfish.runtime.lint.PluginLinter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code starfish plugins lint JAR...}: checks plugin jars before they are dropped into the
 * plugins directory; one line per finding ({@code x.jar: error: ...}), {@code x.jar: ok ...}
 * for a clean jar. Exit 0 when every jar is clean, 1 when anything was found, 2 when a named
 * jar does not exist or is no file.
 */
@Command(name = "lint", mixinStandardHelpOptions = true,
        description = {"Check plugin jars before dropping them into the plugins directory: descriptor, extension "
                + "index, each job's declaration, loading and construction (this runs the jobs' constructors), job "
                + "names unique among the installed plugins, no bundled plugin API, bundled tools and JNI libraries, "
                + "and the file's mode and owner.",
                "Prints one line per finding; exit 0 when clean, 1 when anything is found, 2 for a missing file or "
                        + "a directory."})
final class PluginsLintCommand implements Callable<Integer> {

    @ParentCommand
    private PluginsCommand plugins;

    @Mixin
    CommandConsole console;

    @Parameters(paramLabel = "JAR", arity = "1..*", description = "Plugin jars to check.")
    private List<Path> jars = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = console.out();
        PrintWriter err = console.err();
        List<String> missing = new ArrayList<>();
        Invocation invocation = console.invocation();
        for (Path jar : jars) {
            Path file = invocation.workingDirectory().resolve(jar);
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(file)) {
                missing.add("starfish: error: " + jar + ": " + (Files.isDirectory(file) ? "is a directory" : "no such "
                        + "file") + "; expected a plugin jar file, e.g. target/<artifact>-<version>.jar");
            }
        }
        if (!missing.isEmpty()) {
            missing.forEach(err::println);
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        HostOptions options = plugins.root().hostOptions();
        StarfishHome home = options.home();
        PluginLinter linter = PluginLinter.against(options.pluginPath(false).paths(),
                List.of(home.privateBinDir(), home.binDir()));
        boolean clean = true;
        for (Path jar : jars) {
            List<LintFinding> findings = linter.lint(invocation.workingDirectory().resolve(jar), jar.toString());
            findings.forEach(f -> out.println(f.line()));
            if (findings.isEmpty()) {
                out.println(jar + ": ok");
            }
            clean &= findings.isEmpty();
        }
        out.flush();
        return clean ? ExitCodes.OK : ExitCodes.FAILURE;
    }
}
