package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.plugin.PluginDirectoryScanner;
import dev.starfish.runtime.plugin.PluginLock;
import dev.starfish.runtime.plugin.PluginTrust;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code starfish plugins lock}: writes {@code conf/plugins.lock}, one {@code sha256  name}
 * line per jar of every directory of the plugin path ({@link PluginLock#entryName}); from then on
 * a jar absent from it, or changed, is refused. Writes nothing when a jar or a directory fails
 * the trust rules, or a directory of the path is missing.
 */
@Command(name = "lock", mixinStandardHelpOptions = true,
        description = {"Write conf/plugins.lock: the SHA-256 of every jar of every plugin directory.",
                "From then on Starfish refuses a jar that is not listed, or whose content changed."})
final class PluginsLockCommand implements Callable<Integer> {

    @ParentCommand
    private PluginsCommand plugins;

    @Mixin
    CommandConsole console;

    @Override
    public Integer call() {
        HostOptions options = plugins.root().hostOptions();
        StarfishHome home = options.home();
        PluginPath path = options.pluginPath(true);
        Path lockFile = home.confDir().resolve(PluginLock.FILE_NAME);
        PluginTrust trust = PluginTrust.forCurrentUser();
        List<Path> jars = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : path.paths()) {
            List<Path> inDir = new PluginDirectoryScanner(dir).scan();
            if (!inDir.isEmpty()) {
                trust.directoryProblem(dir).ifPresent(problems::add);
            }
            for (Path jar : inDir) {
                trust.jarProblem(jar).ifPresent(p -> problems.add(path.nameOf(jar) + ": " + p));
            }
            jars.addAll(inDir);
        }
        if (!problems.isEmpty()) {
            PrintWriter err = console.err();
            problems.forEach(p -> err.println("starfish: error: not writing " + lockFile + ": " + p));
            err.flush();
            return ExitCodes.FAILURE;
        }
        PluginLock.write(lockFile, jars, path.paths().get(0));
        PrintWriter out = console.out();
        out.println("wrote " + lockFile + ": " + jars.size() + " jar(s) of " + path.describe());
        out.flush();
        return ExitCodes.OK;
    }
}
