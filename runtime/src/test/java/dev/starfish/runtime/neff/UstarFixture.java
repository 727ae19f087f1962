package dev.starfish.runtime.neff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds ustar archives for tests, with the header layout {@code hlo-neff-wrapper} writes, including
 * hostile ones: any name, any declared size, a manifest that lies.
 */
public final class UstarFixture {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** A .neff of {@code members} with a truthful manifest first. */
    public static byte[] neff(Map<String, byte[]> members) {
        UstarFixture tar = new UstarFixture();
        tar.member("manifest.json", manifest(members));
        members.forEach(tar::member);
        return tar.finish();
    }

    /** The manifest hlo-neff-wrapper would write for {@code members}. */
    public static byte[] manifest(Map<String, byte[]> members) {
        StringBuilder json = new StringBuilder("{\"format\": \"starfish-neff\", \"toolchain_version\": \"test\", "
                + "\"entries\": [");
        String separator = "";
        for (Map.Entry<String, byte[]> m : members.entrySet()) {
            json.append(separator).append("{\"name\": \"").append(m.getKey()).append("\", \"size\": ")
                    .append(m.getValue().length).append(", \"sha256\": \"").append(sha256(m.getValue())).append("\"}");
            separator = ", ";
        }
        return json.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    public static Map<String, byte[]> members(String... namesAndContents) {
        Map<String, byte[]> members = new LinkedHashMap<>();
        for (int i = 0; i < namesAndContents.length; i += 2) {
            members.put(namesAndContents[i], namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return members;
    }

    public UstarFixture member(String name, byte[] content) {
        header(name, content.length, '0');
        out.writeBytes(content);
        out.writeBytes(new byte[(int) ((512 - content.length % 512) % 512)]);
        return this;
    }

    /** A header alone, declaring {@code size} bytes that are not there. */
    public UstarFixture header(String name, long size, char type) {
        byte[] h = new byte[512];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(n, 0, h, 0, Math.min(100, n.length));
        octal(h, 100, 8, 0644);
        octal(h, 108, 8, 0);
        octal(h, 116, 8, 0);
        octal(h, 124, 12, size);
        octal(h, 136, 12, 0);
        h[156] = (byte) type;
        System.arraycopy("ustar\00000".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 8);
        for (int i = 148; i < 156; i++) {
            h[i] = ' ';
        }
        int sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        octal(h, 148, 7, sum);
        out.writeBytes(h);
        return this;
    }

    public byte[] finish() {
        out.writeBytes(new byte[1024]);
        return out.toByteArray();
    }

    private static void octal(byte[] h, int offset, int width, long value) {
        String digits = String.format("%0" + (width - 1) + "o", value);
        System.arraycopy(digits.getBytes(StandardCharsets.US_ASCII), 0, h, offset, width - 1);
    }

    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
