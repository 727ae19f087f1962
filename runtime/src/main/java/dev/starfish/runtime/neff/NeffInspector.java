package dev.starfish.runtime.neff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@code .neff} once, front to back, and checks every member against its manifest
 * ({@code hlo-neff-wrapper} writes {@code manifest.json} first, then the members it lists). Only
 * reads; memory is bounded by {@link #MAX_JSON_BYTES} (the manifest and the compile record are the
 * only contents kept), whatever sizes the archive declares.
 */
public final class NeffInspector {

    /** The manifest and the compile record are kept in memory up to this size; a larger manifest is refused. */
    public static final long MAX_JSON_BYTES = 4L << 20;

    static final String FORMAT = "starfish-neff";
    static final String MANIFEST = "manifest.json";
    private static final String RECORD_FORMAT = "starfish-compile-record";

    private NeffInspector() {
    }

    /**
     * @throws InvalidInputException the file is not a {@code .neff} (one line naming what it is) or
     *         is a malformed or hostile one (truncated, an unsafe member name, a size it cannot hold)
     */
    public static NeffInspection inspect(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(file + ": no such file; expected a .neff written by starfish compile");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!attributes.isRegularFile()) {
            throw notANeff(file, attributes.isDirectory() ? "a directory" : "a special file (FIFO, socket or device)");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            in.mark(UstarReader.BLOCK);
            byte[] head = in.readNBytes(UstarReader.BLOCK);
            in.reset();
            if (head.length < UstarReader.BLOCK || !UstarHeaders.checksumMatches(head) || !UstarHeaders.hasMagic(head)) {
                throw notANeff(file, FileKind.describe(head));
            }
            return read(file, new UstarReader(in, attributes.size(), file.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static NeffInspection read(Path file, UstarReader reader) throws IOException {
        UstarReader.Header first = reader.next()
                .orElseThrow(() -> notANeff(file, "an empty tar archive"));
        if (!first.name().equals(MANIFEST)) {
            throw notANeff(file, "a tar archive whose first member is '" + first.name() + "', not " + MANIFEST);
        }
        if (first.size() > MAX_JSON_BYTES) {
            throw new InvalidInputException(file + ": not a valid .neff: its " + MANIFEST + " declares " + first.size()
                    + " bytes, more than the " + MAX_JSON_BYTES + " a manifest may have");
        }
        JsonNode manifest = json(file, MANIFEST, reader.read(first, MAX_JSON_BYTES).bytes().orElseThrow());
        if (!FORMAT.equals(manifest.path("format").asText())) {
            throw notANeff(file, "a tar archive whose " + MANIFEST + " has format '" + manifest.path("format").asText()
                    + "', not " + FORMAT);
        }
        Map<String, EntryCheck> recorded = recordedEntries(file, manifest.path("entries"));
        Set<String> seen = new HashSet<>(Set.of(MANIFEST));
        Optional<String> unlisted = Optional.empty();
        JsonNode record = null;
        String recordName = Artifacts.fileName(Artifacts.COMPILE_RECORD);
        for (Optional<UstarReader.Header> next = reader.next(); next.isPresent(); next = reader.next()) {
            UstarReader.Header header = next.get();
            if (!seen.add(header.name())) {
                throw new InvalidInputException(file + ": not a valid .neff: member '" + header.name()
                        + "' appears twice; nothing was read further");
            }
            EntryCheck entry = recorded.get(header.name());
            if (entry == null) {
                unlisted = Optional.of(header.name());
                break;
            }
            UstarReader.Content content = reader.read(header, header.name().equals(recordName) ? MAX_JSON_BYTES : -1);
            EntryCheck found = new EntryCheck(entry.name(), entry.size(), entry.sha256(), content.size(),
                    content.sha256());
            recorded.put(header.name(), found);
            if (found.verified() && content.bytes().isPresent()) {
                record = compileRecord(content.bytes().get());
            }
        }
        return new NeffInspection(file, FORMAT, manifest.path("toolchain_version").asText(""),
                new ArrayList<>(recorded.values()), unlisted, Optional.ofNullable(record));
    }

    /** The manifest's entries by name, in its order, none found yet. */
    private static Map<String, EntryCheck> recordedEntries(Path file, JsonNode entries) {
        if (!entries.isArray()) {
            throw invalidManifest(file, "has no entries array");
        }
        Map<String, EntryCheck> recorded = new LinkedHashMap<>();
        int index = 0;
        for (JsonNode entry : entries) {
            String name = entry.path("name").asText("");
            String sha256 = entry.path("sha256").asText("");
            if (name.isEmpty() || !entry.path("size").canConvertToLong() || entry.path("size").asLong() < 0
                    || !sha256.matches("[0-9a-f]{64}")) {
                throw invalidManifest(file, "entry " + index + " lacks a name, a size or a SHA-256");
            }
            if (recorded.put(name, new EntryCheck(name, entry.path("size").asLong(), sha256, -1, null)) != null) {
                throw invalidManifest(file, "lists " + name + " twice");
            }
            index++;
        }
        return recorded;
    }

    private static JsonNode compileRecord(byte[] content) {
        try {
            JsonNode record = new ObjectMapper().readTree(content);
            return RECORD_FORMAT.equals(record.path("format").asText()) ? record : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonNode json(Path file, String member, byte[] content) {
        try {
            return new ObjectMapper().readTree(content);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ": not a valid .neff: its " + member + " is not JSON ("
                    + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InvalidInputException invalidManifest(Path file, String problem) {
        return new InvalidInputException(file + ": not a valid .neff: its " + MANIFEST + " " + problem);
    }

    private static InvalidInputException notANeff(Path file, String found) {
        return new InvalidInputException(file + " is not a .neff (a ustar archive that starfish compile writes, "
                + MANIFEST + " first): found " + found);
    }
}
