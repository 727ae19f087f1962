package dev.starfish.runtime.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a {@code .neff} (a POSIX ustar archive) and checks its manifest. */
record NeffArchive(Map<String, byte[]> entries) {

    static NeffArchive read(Path file) throws IOException {
        byte[] tar = Files.readAllBytes(file);
        Map<String, byte[]> entries = new LinkedHashMap<>();
        int pos = 0;
        while (pos + 512 <= tar.length && tar[pos] != 0) {
            String name = field(tar, pos, 100);
            String prefix = field(tar, pos + 345, 155);
            long size = Long.parseLong(field(tar, pos + 124, 12).trim(), 8);
            char type = (char) tar[pos + 156];
            String fullName = prefix.isEmpty() ? name : prefix + "/" + name;
            if (type == '0' || type == 0) {
                byte[] content = new byte[(int) size];
                System.arraycopy(tar, pos + 512, content, 0, (int) size);
                entries.put(fullName, content);
            }
            pos += 512 + (int) ((size + 511) / 512 * 512);
        }
        return new NeffArchive(entries);
    }

    private static String field(byte[] tar, int offset, int length) {
        int end = offset;
        while (end < offset + length && tar[end] != 0) {
            end++;
        }
        return new String(tar, offset, end - offset, StandardCharsets.US_ASCII);
    }

    JsonNode manifest() throws IOException {
        byte[] manifest = entries.get("manifest.json");
        if (manifest == null) {
            throw new IllegalStateException("no manifest.json in the neff; entries: " + entries.keySet());
        }
        return new ObjectMapper().readTree(manifest);
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
