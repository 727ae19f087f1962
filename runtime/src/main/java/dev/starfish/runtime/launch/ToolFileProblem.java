package dev.starfish.runtime.launch;

import dev.starfish.runtime.nativelib.ElfFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Why the launcher cannot exec a tool of given bytes — a {@code #!} line naming a relative
 * interpreter or ending in CR, a foreign or malformed ELF file, neither a script nor an
 * executable — in the words {@code plugins lint} uses for a bundled tool, and that a tool that
 * could not start is explained with.
 */
public final class ToolFileProblem {

    /** Enough of a file for its {@code #!} line and its ELF header. */
    private static final int HEAD_BYTES = 4096;

    private ToolFileProblem() {
    }

    /** Why the launcher could not exec a tool of these bytes, or empty when it could. */
    public static Optional<String> of(byte[] bytes) {
        if (bytes.length == 0) {
            return Optional.of("is empty: expected a script starting with #! or an x86-64 ELF executable");
        }
        if (bytes.length >= 2 && bytes[0] == '#' && bytes[1] == '!') {
            String head = new String(bytes, 0, Math.min(bytes.length, 256), StandardCharsets.ISO_8859_1);
            String line = head.indexOf('\n') < 0 ? head : head.substring(0, head.indexOf('\n'));
            if (line.endsWith("\r")) {
                return Optional.of("has a #! line ending in CR (DOS line endings), so the kernel looks for an "
                        + "interpreter whose name ends in \\r: convert the file to Unix line endings");
            }
            String interpreter = line.substring(2).strip();
            if (!interpreter.startsWith("/")) {
                return Optional.of("has the #! line '" + line + "': expected an absolute interpreter path such as "
                        + "#!/bin/sh");
            }
            return Optional.empty();
        }
        if (ElfFile.isElf(bytes)) {
            ElfFile elf;
            try {
                elf = ElfFile.read(bytes).orElseThrow();
            } catch (IllegalArgumentException e) {
                return Optional.of("is a malformed ELF file (" + e.getMessage() + "): rebuild it");
            }
            if (!elf.isX86_64()) {
                return Optional.of("is an " + elf.describe() + ": expected an x86-64 executable; build it for "
                        + "linux-x86_64");
            }
            if (elf.type() != ElfFile.ET_EXEC && elf.type() != ElfFile.ET_DYN) {
                return Optional.of("is an " + elf.describe() + ", not an executable: link it into a program");
            }
            return Optional.empty();
        }
        return Optional.of("is neither a script starting with #! nor an ELF executable (it starts with '"
                + printable(bytes) + "'), so the launcher cannot exec it: add a #! line or bundle the compiled tool");
    }

    /** Why the tool file at {@code path} cannot be exec'ed, or empty when it can or cannot be read. */
    public static Optional<String> ofFile(Path path) {
        if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(path, LinkOption.NOFOLLOW_LINKS)) {
            return of(in.readNBytes(HEAD_BYTES));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The first bytes of a file, printable: {@code #!bash}, {@code \x7fELF}. */
    public static String printable(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, 8); i++) {
            int c = bytes[i] & 0xff;
            out.append(c >= 0x20 && c < 0x7f && c != '\'' ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return out.toString();
    }
}
