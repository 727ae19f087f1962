package dev.starfish.runtime.cli;

import dev.starfish.runtime.cache.CacheEntry;
import dev.starfish.runtime.table.TextTable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code starfish cache list}: one line per entry, most recently used first. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the entries: key (the first 12 hex digits; cache rm takes them), the model first compiled "
                + "into it, size, last use and creation, most recently used first.")
final class CacheListCommand extends CacheCommand.Subcommand {

    @Override
    CacheCommand.Result run(CacheCommand cache) {
        if (cache.absent()) {
            return new CacheCommand.Result(List.of("no entries (" + cache.configuredDirectory() + " does not exist)"),
                    Map.of("directory", cache.configuredDirectory().toString(), "entries", List.of()),
                    ExitCodes.OK);
        }
        List<CacheEntry> entries = cache.existing().maintenance().list();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("KEY", "MODEL", "SIZE", "LAST USE", "CREATED"));
        List<Map<String, Object>> data = new ArrayList<>();
        for (CacheEntry entry : entries) {
            rows.add(List.of(entry.key().hex().substring(0, 12), entry.manifest().modelFileName(),
                    CacheCommand.human(entry.bytes()), seconds(entry.lastUse()), seconds(entry.manifest().created())));
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("key", entry.key().hex());
            item.put("model", entry.manifest().modelFileName());
            item.put("bytes", entry.bytes());
            item.put("lastUse", entry.lastUse().toString());
            item.put("created", entry.manifest().created().toString());
            data.add(item);
        }
        List<String> text = new ArrayList<>();
        if (entries.isEmpty()) {
            text.add("no entries in " + cache.configuredDirectory());
        } else {
            int[] widths = TextTable.widths(rows);
            rows.forEach(row -> text.add(TextTable.line(row, widths)));
        }
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("directory", cache.configuredDirectory().toString());
        all.put("entries", data);
        return new CacheCommand.Result(text, all, ExitCodes.OK);
    }

    private static String seconds(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
