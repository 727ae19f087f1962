package dev.starfish.runtime.neff;

import java.util.Optional;

/** The fields of one 512-byte ustar header, each read and checked by its own rule. */
final class UstarHeaders {

    private static final int NAME = 0;
    private static final int SIZE = 124;
    private static final int CHECKSUM = 148;
    private static final int MAGIC = 257;
    private static final int PREFIX = 345;

    private UstarHeaders() {
    }

    /** The full name: prefix, a slash and name when a prefix is set. */
    static String name(byte[] block) {
        String name = UstarReader.text(block, NAME, 100);
        String prefix = UstarReader.text(block, PREFIX, 155);
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** Why {@code name} may not be extracted anywhere, or empty when it is a plain relative path. */
    static Optional<String> checkName(String name) {
        if (name.isEmpty()) {
            return Optional.of("has an empty name");
        }
        if (name.startsWith("/")) {
            return Optional.of("has an absolute name: member names must be relative");
        }
        for (String part : name.split("/", -1)) {
            if (part.equals("..")) {
                return Optional.of("has '..' in its name: member names must stay inside the archive");
            }
        }
        if (name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return Optional.of("has a control character in its name");
        }
        return Optional.empty();
    }

    /** The size field as octal digits; empty for anything else (GNU base-256, garbage). */
    static Optional<Long> size(byte[] block) {
        String field = UstarReader.text(block, SIZE, 12).trim();
        if (field.isEmpty() || !field.matches("[0-7]{1,11}")) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(field, 8));
    }

    /** Whether the checksum field holds the sum of the header's bytes, the field itself counted as spaces. */
    static boolean checksumMatches(byte[] block) {
        String field = UstarReader.text(block, CHECKSUM, 8).trim();
        if (!field.matches("[0-7]{1,7}")) {
            return false;
        }
        long sum = 0;
        for (int i = 0; i < block.length; i++) {
            sum += i >= CHECKSUM && i < CHECKSUM + 8 ? ' ' : block[i] & 0xff;
        }
        return sum == Long.parseLong(field, 8);
    }

    static boolean hasMagic(byte[] block) {
        return block[MAGIC] == 'u' && block[MAGIC + 1] == 's' && block[MAGIC + 2] == 't' && block[MAGIC + 3] == 'a'
                && block[MAGIC + 4] == 'r';
    }

    static String typeName(char type) {
        return switch (type) {
            case '1' -> "a hard link";
            case '2' -> "a symbolic link";
            case '3', '4' -> "a device";
            case '5' -> "a directory";
            case '6' -> "a FIFO";
            case 'L', 'K', 'x', 'g' -> "an extended header";
            default -> "unknown";
        };
    }
}
