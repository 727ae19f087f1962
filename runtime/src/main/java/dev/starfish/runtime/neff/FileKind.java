package dev.starfish.runtime.neff;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** What a file that is not a {@code .neff} looks like, from its first bytes, in a few words. */
final class FileKind {

    private static final int SHOWN = 32;

    private FileKind() {
    }

    static String describe(byte[] head) {
        if (head.length == 0) {
            return "an empty file";
        }
        if (startsWith(head, 0x1f, 0x8b)) {
            return "gzip data (a .neff is an uncompressed ustar archive)";
        }
        if (startsWith(head, 'P', 'K', 3, 4)) {
            return "a zip archive";
        }
        if (startsWith(head, 0x7f, 'E', 'L', 'F')) {
            return "an ELF binary";
        }
        if (isText(head)) {
            String first = new String(head, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
            return "text beginning '" + (first.length() > SHOWN ? first.substring(0, SHOWN) + "…" : first) + "'";
        }
        int n = Math.min(head.length, 8);
        return "binary data beginning " + HexFormat.of().formatHex(head, 0, n);
    }

    private static boolean isText(byte[] head) {
        for (byte b : head) {
            int c = b & 0xff;
            if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] head, int... bytes) {
        if (head.length < bytes.length) {
            return false;
        }
        for (int i = 0; i < bytes.length; i++) {
            if ((head[i] & 0xff) != bytes[i]) {
                return false;
            }
        }
        return true;
    }
}
