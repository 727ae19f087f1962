package dev.starfish.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the regular files of a POSIX (ustar/pax) tar archive held in memory — enough for a
 * {@code .neff}. Names longer than 100 bytes come from the ustar prefix or a pax {@code path}.
 */
final class TarEntries {

    private static final int BLOCK = 512;

    private TarEntries() {
    }

    /** File name to content, in archive order; fails on a truncated or malformed archive. */
    static Map<String, byte[]> read(byte[] tar) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        String paxPath = null;
        int pos = 0;
        while (pos + BLOCK <= tar.length && !isZeroBlock(tar, pos)) {
            checkChecksum(tar, pos);
            String name = text(tar, pos, 100);
            String prefix = text(tar, pos + 345, 155);
            long size = octal(tar, pos + 124, 12);
            char type = (char) tar[pos + 156];
            int dataStart = pos + BLOCK;
            if (dataStart + size > tar.length) {
                throw new IllegalArgumentException("tar entry '" + name + "' claims " + size + " bytes but the archive"
                        + " ends after " + (tar.length - dataStart));
            }
            byte[] data = java.util.Arrays.copyOfRange(tar, dataStart, dataStart + (int) size);
            if (type == 'x') {
                paxPath = paxValue(data, "path");
            } else if (type == '0' || type == '\0') {
                String full = paxPath != null ? paxPath : prefix.isEmpty() ? name : prefix + "/" + name;
                files.put(full, data);
                paxPath = null;
            } else {
                paxPath = null;
            }
            pos = dataStart + (int) ((size + BLOCK - 1) / BLOCK * BLOCK);
        }
        return files;
    }

    private static boolean isZeroBlock(byte[] tar, int pos) {
        for (int i = pos; i < pos + BLOCK; i++) {
            if (tar[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static void checkChecksum(byte[] tar, int pos) {
        long expected = octal(tar, pos + 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (tar[pos + i] & 0xff);
        }
        if (sum != expected) {
            throw new IllegalArgumentException("tar header at offset " + pos + " has checksum " + expected
                    + " but its bytes sum to " + sum);
        }
    }

    private static String text(byte[] tar, int offset, int length) {
        int end = offset;
        while (end < offset + length && tar[end] != 0) {
            end++;
        }
        return new String(tar, offset, end - offset, UTF_8);
    }

    private static long octal(byte[] tar, int offset, int length) {
        String digits = text(tar, offset, length).trim();
        return digits.isEmpty() ? 0 : Long.parseLong(digits, 8);
    }

    private static String paxValue(byte[] records, String key) {
        String text = new String(records, UTF_8);
        for (String line : text.split("\n")) {
            int space = line.indexOf(' ');
            int equals = line.indexOf('=');
            if (space > 0 && equals > space && line.substring(space + 1, equals).equals(key)) {
                return line.substring(equals + 1);
            }
        }
        return null;
    }
}
