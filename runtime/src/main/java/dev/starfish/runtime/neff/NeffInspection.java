package dev.starfish.runtime.neff;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code .neff} holds, every entry checked.
 *
 * @param file the archive
 * @param format the manifest's format ({@code starfish-neff})
 * @param toolchainVersion the version of the tools that packed it
 * @param entries each manifest entry, in manifest order, checked against its member
 * @param unlisted the first archive member the manifest does not list (reading stops there), if any
 * @param compileRecord the compile record the archive packs ({@code compile.json}), when it has a readable one
 */
public record NeffInspection(Path file, String format, String toolchainVersion, List<EntryCheck> entries,
        Optional<String> unlisted, Optional<JsonNode> compileRecord) {

    public NeffInspection {
        entries = List.copyOf(entries);
    }

    /** The first problem, as one line naming the entry, or empty when every entry is verified. */
    public Optional<String> firstFailure() {
        if (unlisted.isPresent()) {
            return Optional.of("member " + unlisted.get() + " is in the archive but not in its manifest");
        }
        return entries.stream().filter(e -> !e.verified()).findFirst().map(EntryCheck::failure);
    }
}
