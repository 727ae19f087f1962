package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.registry.PluginDirectoryScanner;
import dev.starfish.runtime.registry.PluginLock;
import dev.starfish.runtime.registry.PluginTrust;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code starfish plugins lock}: writes {@code conf/plugins.lock}, one {@code sha256  file}
 * line per jar of the plugins directory; from then on a jar absent from it, or changed, is
 * refused. Writes nothing when a jar or the directory fails the trust rules.
 */
@Command(name = "lock", mixinStandardHelpOptions = true,
        description = {"Write conf/plugins.lock: the SHA-256 of every jar of the plugins directory.",
                "From then on Starfish refuses a jar that is not listed, or whose content changed."})
final class PluginsLockCommand implements Callable<Integer> {

    @ParentCommand
    private PluginsCommand plugins;

    @Spec
    private CommandSpec spec;

    @picocli.CommandLine.Mixin
    LoggingOptions logging;

    @Override
    public Integer call() {
        HostOptions options = plugins.root().hostOptions();
        StarfishHome home = options.home();
        PluginDirectoryScanner scanner = new PluginDirectoryScanner(
                options.pluginsDir() != null ? options.resolvedPluginsDir() : home.pluginsDir());
        Path lockFile = home.confDir().resolve(PluginLock.FILE_NAME);
        List<Path> jars = scanner.scan();
        PluginTrust trust = PluginTrust.forCurrentUser();
        List<String> problems = new ArrayList<>();
        if (!jars.isEmpty()) {
            trust.directoryProblem(scanner.pluginsDir()).ifPresent(problems::add);
        }
        for (Path jar : jars) {
            trust.jarProblem(jar).ifPresent(p -> problems.add(jar.getFileName() + ": " + p));
        }
        if (!problems.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            problems.forEach(p -> err.println("starfish: error: not writing " + lockFile + ": " + p));
            err.flush();
            return ExitCodes.FAILURE;
        }
        PluginLock.write(lockFile, jars);
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + lockFile + ": " + jars.size() + " jar(s) of " + scanner.pluginsDir());
        out.flush();
        return ExitCodes.OK;
    }
}
