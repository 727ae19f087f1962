package dev.starfish.runtime.nativelib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the dynamic loader reads from a 64-bit little-endian ELF file's dynamic segment: the
 * libraries it needs ({@code DT_NEEDED}) and where it looks for them first ({@code DT_RUNPATH},
 * else {@code DT_RPATH}). Read through the program headers, so a stripped file works too, and
 * only the bytes needed (a large toolchain binary is not read whole). Immutable.
 *
 * @param needed the {@code DT_NEEDED} names, in order
 * @param searchPath the run path's directories as written (may hold {@code $ORIGIN})
 */
public record ElfDynamic(List<String> needed, List<String> searchPath) {

    private static final int PT_LOAD = 1;
    private static final int PT_DYNAMIC = 2;
    private static final long DT_NEEDED = 1;
    private static final long DT_STRTAB = 5;
    private static final long DT_RPATH = 15;
    private static final long DT_RUNPATH = 29;
    private static final int MAX_DYNAMIC_BYTES = 1 << 20;

    public ElfDynamic {
        needed = List.copyOf(needed);
        searchPath = List.copyOf(searchPath);
    }

    /**
     * The dynamic facts of {@code file}; empty when it is no 64-bit little-endian ELF file or has
     * no dynamic segment (a static executable).
     *
     * @throws IOException when it cannot be read or its headers point outside it
     */
    public static Optional<ElfDynamic> read(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            if (in.size() < 64) {
                return Optional.empty();
            }
            ByteBuffer header = bytes(in, 0, 64);
            if (!ElfFile.isElf(header.array()) || header.get(4) != 2 || header.get(5) != 1) {
                return Optional.empty();
            }
            long phOffset = header.getLong(0x20);
            int phSize = Short.toUnsignedInt(header.getShort(0x36));
            int phCount = Short.toUnsignedInt(header.getShort(0x38));
            ByteBuffer programs = bytes(in, phOffset, phSize * phCount);
            List<long[]> loads = new ArrayList<>();
            long[] dynamic = null;
            for (int i = 0; i < phCount; i++) {
                int at = i * phSize;
                int type = programs.getInt(at);
                long[] segment = {programs.getLong(at + 8), programs.getLong(at + 16), programs.getLong(at + 32)};
                if (type == PT_LOAD) {
                    loads.add(segment);
                } else if (type == PT_DYNAMIC) {
                    dynamic = segment;
                }
            }
            if (dynamic == null) {
                return Optional.empty();
            }
            ByteBuffer entries = bytes(in, dynamic[0], (int) Math.min(dynamic[2], MAX_DYNAMIC_BYTES));
            long strtab = -1;
            List<Long> neededAt = new ArrayList<>();
            long runpath = -1;
            long rpath = -1;
            for (int at = 0; at + 16 <= entries.capacity(); at += 16) {
                long tag = entries.getLong(at);
                long value = entries.getLong(at + 8);
                if (tag == 0) {
                    break;
                } else if (tag == DT_NEEDED) {
                    neededAt.add(value);
                } else if (tag == DT_STRTAB) {
                    strtab = value;
                } else if (tag == DT_RUNPATH) {
                    runpath = value;
                } else if (tag == DT_RPATH) {
                    rpath = value;
                }
            }
            if (strtab < 0) {
                return Optional.of(new ElfDynamic(List.of(), List.of()));
            }
            long strings = fileOffset(loads, strtab);
            List<String> needed = new ArrayList<>();
            for (long offset : neededAt) {
                needed.add(string(in, strings + offset));
            }
            long path = runpath >= 0 ? runpath : rpath;
            List<String> search = path < 0 ? List.of()
                    : List.of(string(in, strings + path).split(":")).stream().filter(d -> !d.isEmpty()).toList();
            return Optional.of(new ElfDynamic(needed, search));
        }
    }

    /** The file offset of virtual address {@code address}, from the segment that maps it. */
    private static long fileOffset(List<long[]> loads, long address) throws IOException {
        for (long[] load : loads) {
            long fileOffset = load[0];
            long virtual = load[1];
            long size = load[2];
            if (address >= virtual && address < virtual + size) {
                return fileOffset + (address - virtual);
            }
        }
        throw new IOException("its string table (address 0x" + Long.toHexString(address) + ") lies in no loaded segment");
    }

    private static ByteBuffer bytes(FileChannel in, long offset, int length) throws IOException {
        if (offset < 0 || length < 0 || offset + length > in.size()) {
            throw new IOException("its headers point beyond its " + in.size() + " bytes");
        }
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining() && in.read(buffer, offset + buffer.position()) > 0) {
            // read until full
        }
        return buffer.flip().order(ByteOrder.LITTLE_ENDIAN);
    }

    private static String string(FileChannel in, long offset) throws IOException {
        ByteBuffer buffer = bytes(in, offset, (int) Math.min(4096, in.size() - offset));
        int end = 0;
        while (end < buffer.limit() && buffer.get(end) != 0) {
            end++;
        }
        return new String(buffer.array(), 0, end, StandardCharsets.ISO_8859_1);
    }
}
