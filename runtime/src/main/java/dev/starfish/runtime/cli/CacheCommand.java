package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CacheMaintenance;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.cache.UnusableCacheException;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code starfish cache info|verify|clear}: the persistent compile cache (docs/compile-cache.md). */
@Command(name = "cache", mixinStandardHelpOptions = true,
        subcommands = {CacheCommand.Info.class, CacheCommand.Verify.class, CacheCommand.Clear.class},
        description = {"Show, verify or clear the compile cache, where compile keeps each .neff under the SHA-256 of "
                + "everything that made it (model, pipeline, plugins, tools, options)."})
final class CacheCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--cache-dir", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "The compile cache directory (default: cache.dir of conf/starfish.properties, else "
                    + "$STARFISH_CACHE_DIR/compile, else ~/.cache/starfish/compile).")
    String cacheDir;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("starfish: error: cache needs a subcommand: info, verify or clear");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.INVALID_INPUT;
    }

    /** The cache {@code --cache-dir} or the configuration names, which must exist and be a Starfish cache. */
    private CompileCache existing() {
        CacheOptions options = new CacheOptions();
        options.cacheDir = cacheDir;
        StarfishProperties properties = StarfishProperties.load(StarfishHome.locate(System.getenv()).confDir()
                .resolve("starfish.properties"));
        try {
            return CompileCache.existing(options.settings(properties));
        } catch (UnusableCacheException e) {
            throw new InvalidInputException(e.getMessage());
        }
    }

    /** The configured directory, whether or not it exists. */
    private Path configuredDirectory() {
        CacheOptions options = new CacheOptions();
        options.cacheDir = cacheDir;
        return options.settings(StarfishProperties.load(StarfishHome.locate(System.getenv()).confDir()
                .resolve("starfish.properties"))).directory();
    }

    /** What the three subcommands share: the parent's --cache-dir, the verbosity options, the output. */
    abstract static class Subcommand implements Callable<Integer> {
        @ParentCommand
        private CacheCommand cache;
        @Spec
        private CommandSpec spec;
        @Mixin
        LoggingOptions logging;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            int code = run(cache, out);
            out.flush();
            return code;
        }

        abstract int run(CacheCommand cache, PrintWriter out);
    }

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Show the cache directory, its entries and bytes, the size cap and the oldest and newest use.")
    static final class Info extends Subcommand {
        @Override
        int run(CacheCommand cache, PrintWriter out) {
            Path dir = cache.configuredDirectory();
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                out.printf("directory   %s (absent: nothing is cached yet)%nentries     0%n", dir);
                return ExitCodes.OK;
            }
            CacheMaintenance.Info info = cache.existing().maintenance().info();
            out.printf("directory   %s%n", info.directory());
            out.printf("entries     %d%s%n", info.entries(),
                    info.malformed() > 0 ? " (and " + info.malformed() + " malformed: run starfish cache verify)" : "");
            out.printf("bytes       %d (%s)%n", info.bytes(), human(info.bytes()));
            out.printf("cap         %s%n", info.maxBytes() == 0 ? "none" : info.maxBytes() + " (" + human(info.maxBytes()) + ")");
            out.printf("oldest use  %s%n", info.oldestUse().map(Object::toString).orElse("-"));
            out.printf("newest use  %s%n", info.newestUse().map(Object::toString).orElse("-"));
            return ExitCodes.OK;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Hash every entry again; drop and name the corrupt ones.",
                    "Exit 0 when every entry is sound, 1 when any was corrupt."})
    static final class Verify extends Subcommand {
        @Override
        int run(CacheCommand cache, PrintWriter out) {
            CacheMaintenance maintenance = cache.existing().maintenance();
            int total = maintenance.info().entries() + maintenance.info().malformed();
            List<CacheMaintenance.Dropped> dropped = maintenance.verify();
            dropped.forEach(d -> out.printf("dropped %s: %s%n", d.key(), d.reason()));
            out.printf("verified %d entr%s in %s: %d sound, %d corrupt%s%n", total, total == 1 ? "y" : "ies",
                    cache.configuredDirectory(), total - dropped.size(), dropped.size(), dropped.isEmpty() ? "" : " (dropped)");
            return dropped.isEmpty() ? ExitCodes.OK : ExitCodes.FAILURE;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Remove every entry of the cache (nothing else; a directory that is not a Starfish cache is "
                    + "refused).")
    static final class Clear extends Subcommand {
        @Override
        int run(CacheCommand cache, PrintWriter out) {
            int removed = cache.existing().maintenance().clear();
            out.printf("removed %d entr%s from %s%n", removed, removed == 1 ? "y" : "ies", cache.configuredDirectory());
            return ExitCodes.OK;
        }
    }

    private static String human(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format("%.1f %s", value, units[unit]);
    }
}
