package dev.starfish.runtime.nativelib;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code starfish plugins lint} needs to know about an ELF file, read in Java (no
 * {@code readelf} or {@code nm} needed): its class, byte order, type and machine from the
 * header, and, for a 64-bit little-endian file, the names its dynamic symbol table
 * ({@code .dynsym}) exports. Immutable.
 *
 * @param elfClass 1 for 32-bit, 2 for 64-bit
 * @param littleEndian whether the data encoding is {@code ELFDATA2LSB}
 * @param type {@code e_type}: 1 relocatable, 2 executable, 3 shared object (or PIE), 4 core
 * @param machine {@code e_machine}, {@value #EM_X86_64} for x86-64
 * @param exported defined symbols of global or weak binding and default or protected
 *        visibility in {@code .dynsym}; empty for a file without one
 * @param hasSectionHeaders whether the file has section headers (a fully stripped file has none)
 */
public record ElfFile(int elfClass, boolean littleEndian, int type, int machine, Set<String> exported,
        boolean hasSectionHeaders) {

    public static final int EM_X86_64 = 62;
    public static final int ET_REL = 1;
    public static final int ET_EXEC = 2;
    public static final int ET_DYN = 3;

    private static final int SHT_DYNSYM = 11;
    private static final int SYMBOL_SIZE = 24;

    public ElfFile {
        exported = Set.copyOf(exported);
    }

    /** Whether {@code bytes} start with the ELF magic {@code \x7fELF}. */
    public static boolean isElf(byte[] bytes) {
        return bytes.length >= 4 && bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' && bytes[3] == 'F';
    }

    /**
     * Reads an ELF file; empty when {@code bytes} are no ELF file.
     *
     * @throws IllegalArgumentException when the file is ELF but truncated or malformed
     */
    public static Optional<ElfFile> read(byte[] bytes) {
        if (!isElf(bytes)) {
            return Optional.empty();
        }
        if (bytes.length < 64) {
            throw new IllegalArgumentException("truncated ELF header (" + bytes.length + " bytes)");
        }
        int elfClass = bytes[4];
        boolean little = bytes[5] == 1;
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        int type = Short.toUnsignedInt(buf.getShort(16));
        int machine = Short.toUnsignedInt(buf.getShort(18));
        if (elfClass != 2 || !little) {
            return Optional.of(new ElfFile(elfClass, little, type, machine, Set.of(), true));
        }
        long sectionOffset = buf.getLong(0x28);
        int sectionSize = Short.toUnsignedInt(buf.getShort(0x3A));
        int sectionCount = Short.toUnsignedInt(buf.getShort(0x3C));
        if (sectionOffset == 0 || sectionCount == 0) {
            return Optional.of(new ElfFile(elfClass, true, type, machine, Set.of(), false));
        }
        check(bytes, sectionOffset, (long) sectionSize * sectionCount, "section header table");
        Set<String> exported = new LinkedHashSet<>();
        for (int i = 0; i < sectionCount; i++) {
            int header = (int) (sectionOffset + (long) i * sectionSize);
            if (buf.getInt(header + 4) == SHT_DYNSYM) {
                int link = buf.getInt(header + 0x28);
                if (link < 0 || link >= sectionCount) {
                    throw new IllegalArgumentException(".dynsym links to section " + link + " of " + sectionCount);
                }
                int strings = (int) (sectionOffset + (long) link * sectionSize);
                readSymbols(bytes, buf, buf.getLong(header + 0x18), buf.getLong(header + 0x20),
                        buf.getLong(strings + 0x18), buf.getLong(strings + 0x20), exported);
            }
        }
        return Optional.of(new ElfFile(elfClass, true, type, machine, exported, true));
    }

    private static void readSymbols(byte[] bytes, ByteBuffer buf, long offset, long size, long stringsOffset,
            long stringsSize, Set<String> exported) {
        check(bytes, offset, size, ".dynsym");
        check(bytes, stringsOffset, stringsSize, ".dynstr");
        for (long at = offset + SYMBOL_SIZE; at + SYMBOL_SIZE <= offset + size; at += SYMBOL_SIZE) {
            int nameIndex = buf.getInt((int) at);
            int info = Byte.toUnsignedInt(buf.get((int) at + 4));
            int visibility = buf.get((int) at + 5) & 0x3;
            int sectionIndex = Short.toUnsignedInt(buf.getShort((int) at + 6));
            int binding = info >> 4;
            boolean global = binding == 1 || binding == 2 || binding == 10;
            boolean visible = visibility == 0 || visibility == 3;
            if (sectionIndex != 0 && global && visible && nameIndex >= 0 && nameIndex < stringsSize) {
                exported.add(cString(bytes, (int) (stringsOffset + nameIndex), (int) (stringsOffset + stringsSize)));
            }
        }
    }

    private static String cString(byte[] bytes, int start, int limit) {
        int end = start;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
    }

    private static void check(byte[] bytes, long offset, long size, String what) {
        if (offset < 0 || size < 0 || offset + size > bytes.length) {
            throw new IllegalArgumentException("truncated ELF file: its " + what + " (" + size + " bytes at " + offset
                    + ") lies beyond its " + bytes.length + " bytes");
        }
    }

    /** Whether the file is 64-bit, little-endian x86-64 code. */
    public boolean isX86_64() {
        return elfClass == 2 && littleEndian && machine == EM_X86_64;
    }

    /** The header in words, e.g. {@code ELF 32-bit big-endian shared object, machine 183}. */
    public String describe() {
        String kind = switch (type) {
            case ET_REL -> "relocatable object";
            case ET_EXEC -> "executable";
            case ET_DYN -> "shared object";
            case 4 -> "core file";
            default -> "file of type " + type;
        };
        String arch = machine == EM_X86_64 ? "x86-64" : machine == 183 ? "aarch64 (machine 183)"
                : machine == 3 ? "i386 (machine 3)" : "machine " + machine;
        return "ELF " + (elfClass == 2 ? "64" : "32") + "-bit " + (littleEndian ? "little" : "big") + "-endian " + kind
                + " for " + arch;
    }
}
