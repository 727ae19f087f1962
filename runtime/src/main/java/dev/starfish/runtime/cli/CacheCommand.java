package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CacheMaintenance;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.cache.UnusableCacheException;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import dev.starfish.runtime.invocation.Invocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code starfish cache info|list|verify|rm|prune|clear}: the persistent compile cache (docs/compile-cache.md). */
@Command(name = "cache", mixinStandardHelpOptions = true,
        subcommands = {CacheCommand.Info.class, CacheListCommand.class, CacheCommand.Verify.class, CacheRmCommand.class,
                CachePruneCommand.class, CacheCommand.Clear.class},
        description = {"Show, list, verify, prune or clear the compile cache, where compile keeps each .neff under the SHA-256 of "
                + "everything that made it (model, pipeline, plugins, tools, options)."})
final class CacheCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--cache-dir", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "The compile cache directory (default: cache.dir of conf/starfish.properties, else "
                    + "compile/ in $STARFISH_CACHE_DIR, else in $XDG_CACHE_HOME/starfish, else in ~/.cache/starfish).")
    String cacheDir;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "cache needs a subcommand: info, list, verify, rm, prune or clear");
    }

    /** The cache {@code --cache-dir} or the configuration names, which must exist and be a Starfish cache. */
    CompileCache existing() {
        CacheOptions options = new CacheOptions();
        options.cacheDir = cacheDir;
        Invocation invocation = StarfishCommand.invocation(spec);
        StarfishProperties properties = StarfishProperties.load(StarfishHome.locate(invocation.environment()).confDir()
                .resolve("starfish.properties"));
        try {
            return CompileCache.existing(options.settings(properties, invocation));
        } catch (UnusableCacheException e) {
            throw new InvalidInputException(e.getMessage());
        }
    }

    /** True when the configured directory does not exist: nothing is cached yet. */
    boolean absent() {
        return !Files.exists(configuredDirectory(), LinkOption.NOFOLLOW_LINKS);
    }

    /** The configured directory, whether or not it exists. */
    Path configuredDirectory() {
        CacheOptions options = new CacheOptions();
        options.cacheDir = cacheDir;
        Invocation invocation = StarfishCommand.invocation(spec);
        return options.settings(StarfishProperties.load(StarfishHome.locate(invocation.environment()).confDir()
                .resolve("starfish.properties")), invocation).directory();
    }

    /** What the three subcommands share: the parent's --cache-dir, the verbosity options, the output. */
    abstract static class Subcommand implements Callable<Integer> {
        @ParentCommand
        private CacheCommand cache;
        @Spec
        private CommandSpec spec;
        @Mixin
        LoggingOptions logging;
        @Option(names = "--json", description = "Print the same as one JSON object (docs/compile-cache.md).")
        boolean json;

        @Override
        public Integer call() throws JsonProcessingException {
            PrintWriter out = spec.commandLine().getOut();
            Result result = run(cache);
            if (json) {
                out.println(JsonOption.render(result.data()));
            } else {
                result.text().forEach(out::println);
            }
            out.flush();
            return result.exitCode();
        }

        abstract Result run(CacheCommand cache);
    }

    /** What a subcommand found: its lines for the console, the same as data for --json, its exit code. */
    record Result(List<String> text, Map<String, Object> data, int exitCode) {
    }

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Show the cache directory, its entries and bytes, the size cap and the oldest and newest use.")
    static final class Info extends Subcommand {
        @Override
        Result run(CacheCommand cache) {
            Path dir = cache.configuredDirectory();
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("directory", dir.toString());
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                data.put("exists", false);
                data.put("entries", 0);
                return new Result(List.of(String.format("directory   %s (absent: nothing is cached yet)", dir),
                        "entries     0"), data, ExitCodes.OK);
            }
            CacheMaintenance.Info info = cache.existing().maintenance().info();
            data.put("directory", info.directory().toString());
            data.put("exists", true);
            data.put("entries", info.entries());
            data.put("malformed", info.malformed());
            data.put("bytes", info.bytes());
            data.put("maxBytes", info.maxBytes() == 0 ? null : info.maxBytes());
            data.put("oldestUse", info.oldestUse().map(Object::toString).orElse(null));
            data.put("newestUse", info.newestUse().map(Object::toString).orElse(null));
            List<String> text = List.of(
                    String.format("directory   %s", info.directory()),
                    String.format("entries     %d%s", info.entries(), info.malformed() > 0
                            ? " (and " + info.malformed() + " malformed: run starfish cache verify)" : ""),
                    String.format("bytes       %d (%s)", info.bytes(), human(info.bytes())),
                    String.format("cap         %s", info.maxBytes() == 0 ? "none"
                            : info.maxBytes() + " (" + human(info.maxBytes()) + ")"),
                    String.format("oldest use  %s", info.oldestUse().map(Object::toString).orElse("-")),
                    String.format("newest use  %s", info.newestUse().map(Object::toString).orElse("-")));
            return new Result(text, data, ExitCodes.OK);
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Hash every entry again; drop and name the corrupt ones.",
                    "Exit 0 when every entry is sound, 1 when any was corrupt."})
    static final class Verify extends Subcommand {
        @Override
        Result run(CacheCommand cache) {
            CacheMaintenance maintenance = cache.existing().maintenance();
            int total = maintenance.info().entries() + maintenance.info().malformed();
            List<CacheMaintenance.Dropped> dropped = maintenance.verify();
            List<String> text = new ArrayList<>();
            dropped.forEach(d -> text.add(String.format("dropped %s: %s", d.key(), d.reason())));
            text.add(String.format("verified %d entr%s in %s: %d sound, %d corrupt%s", total, total == 1 ? "y" : "ies",
                    cache.configuredDirectory(), total - dropped.size(), dropped.size(),
                    dropped.isEmpty() ? "" : " (dropped)"));
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("directory", cache.configuredDirectory().toString());
            data.put("verified", total);
            data.put("sound", total - dropped.size());
            data.put("dropped", dropped.stream().map(d -> Map.of("key", d.key(), "reason", d.reason())).toList());
            return new Result(text, data, dropped.isEmpty() ? ExitCodes.OK : ExitCodes.FAILURE);
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Remove every entry of the cache (nothing else; a directory that is not a Starfish cache is "
                    + "refused).")
    static final class Clear extends Subcommand {
        @Override
        Result run(CacheCommand cache) {
            int removed = cache.existing().maintenance().clear();
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("directory", cache.configuredDirectory().toString());
            data.put("removed", removed);
            return new Result(List.of(String.format("removed %d entr%s from %s", removed, removed == 1 ? "y" : "ies",
                    cache.configuredDirectory())), data, ExitCodes.OK);
        }
    }

    static String human(long bytes) {
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
