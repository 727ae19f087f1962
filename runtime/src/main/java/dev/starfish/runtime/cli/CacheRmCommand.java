package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CacheKey;
import dev.starfish.runtime.cache.CacheMaintenance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code starfish cache rm KEY...}: removes the entries named, each by its key or a unique start of it. */
@Command(name = "rm", mixinStandardHelpOptions = true,
        description = {"Remove the entries of these keys (each the whole key or its first 8 or more hex digits, as "
                + "cache list shows them).",
                "An entry a running compile holds is kept and named. Exit 0 when every entry was removed, 1 when one "
                        + "was in use, 2 when a key names no entry or several."})
final class CacheRmCommand extends CacheCommand.Subcommand {

    @Parameters(paramLabel = "KEY", arity = "1..*", description = "A cache key, or a unique start of one.")
    List<String> keys;

    @Override
    CacheCommand.Result run(CacheCommand cache) {
        if (cache.absent()) {
            throw new InvalidInputException("no entry has the key " + keys.get(0) + ": the cache "
                    + cache.configuredDirectory() + " does not exist");
        }
        CacheMaintenance maintenance = cache.existing().maintenance();
        List<CacheKey> found = new ArrayList<>();
        for (String key : keys) {
            try {
                found.add(maintenance.find(key));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException(e.getMessage());
            }
        }
        List<String> text = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> inUse = new ArrayList<>();
        for (CacheKey key : found) {
            if (maintenance.remove(key)) {
                removed.add(key.hex());
                text.add("removed " + key.hex());
            } else {
                inUse.add(key.hex());
                text.add("kept " + key.hex() + ": a running compile holds its lock; try again when it ends");
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("directory", cache.configuredDirectory().toString());
        data.put("removed", removed);
        data.put("inUse", inUse);
        return new CacheCommand.Result(text, data, inUse.isEmpty() ? ExitCodes.OK : ExitCodes.FAILURE);
    }
}
