package dev.starfish.runtime.neff;

import dev.starfish.api.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Streams the members of a ustar archive from {@code in}, which holds {@code length} bytes. Every
 * header is checked before its member is read: its checksum, a regular-file type, a relative name
 * without {@code ..}, and a declared size that the rest of the file can hold (so a huge size is
 * refused before a byte is read, and a truncated archive is named as such). Memory stays bounded:
 * a member's content is hashed in blocks, and kept only up to a limit the caller gives.
 */
final class UstarReader {

    static final int BLOCK = 512;
    private static final int CHUNK = 1 << 16;

    /** A member's header: its full name, declared size, and the offset of its header in the file. */
    record Header(String name, long size, long offset) {
    }

    /** What reading a member's content found: its size, SHA-256, and the content when it was kept. */
    record Content(long size, String sha256, Optional<byte[]> bytes) {
    }

    private final InputStream in;
    private final long length;
    private final String file;
    private long position;

    UstarReader(InputStream in, long length, String file) {
        this.in = in;
        this.length = length;
        this.file = file;
    }

    /**
     * The next member's header, or empty at the archive's end (a zero block).
     *
     * @throws InvalidInputException the archive ends inside a header, a header is not a ustar
     *         header, or it names an unsafe path, a type other than a regular file, or a size the file cannot hold
     */
    Optional<Header> next() throws IOException {
        long offset = position;
        byte[] block = in.readNBytes(BLOCK);
        position += block.length;
        if (block.length < BLOCK) {
            throw refuse("the archive is truncated: it ends at byte " + position + " without its end blocks");
        }
        if (isZero(block)) {
            return Optional.empty();
        }
        if (!UstarHeaders.checksumMatches(block) || !UstarHeaders.hasMagic(block)) {
            throw refuse("the block at byte " + offset + " is not a ustar header (bad checksum or magic)");
        }
        String name = UstarHeaders.name(block);
        UstarHeaders.checkName(name).ifPresent(problem -> {
            throw refuse("member '" + name + "' at byte " + offset + " " + problem);
        });
        char type = (char) block[156];
        if (type != '0' && type != 0) {
            throw refuse("member '" + name + "' has type '" + type + "' (" + UstarHeaders.typeName(type)
                    + "): a .neff holds regular files only");
        }
        long size = UstarHeaders.size(block)
                .orElseThrow(() -> refuse("member '" + name + "' declares a size that is not an octal number"));
        long available = length - position;
        if (size > available || padded(size) > available) {
            throw refuse("member '" + name + "' declares " + size + " bytes, but only " + Math.max(0, available)
                    + " follow in the file: the archive is truncated or forged");
        }
        return Optional.of(new Header(name, size, offset));
    }

    /**
     * Reads {@code header}'s content and its padding, hashing it; keeps the bytes when there are at
     * most {@code keepUpTo} of them.
     */
    Content read(Header header, long keepUpTo) throws IOException {
        MessageDigest digest = sha256();
        ByteArrayOutputStream kept = header.size() <= keepUpTo ? new ByteArrayOutputStream((int) header.size()) : null;
        byte[] buffer = new byte[CHUNK];
        long left = header.size();
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw refuse("the archive is truncated inside member '" + header.name() + "'");
            }
            digest.update(buffer, 0, n);
            if (kept != null) {
                kept.write(buffer, 0, n);
            }
            left -= n;
            position += n;
        }
        long padding = padded(header.size()) - header.size();
        try {
            in.skipNBytes(padding);
        } catch (EOFException e) {
            throw refuse("the archive is truncated after member '" + header.name() + "'");
        }
        position += padding;
        return new Content(header.size(), HexFormat.of().formatHex(digest.digest()),
                Optional.ofNullable(kept).map(ByteArrayOutputStream::toByteArray));
    }

    private InvalidInputException refuse(String problem) {
        return new InvalidInputException(file + ": not a valid .neff: " + problem + "; nothing was read further");
    }

    static long padded(long size) {
        return (size + BLOCK - 1) / BLOCK * BLOCK;
    }

    static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    static String text(byte[] block, int offset, int max) {
        int end = offset;
        while (end < offset + max && block[end] != 0) {
            end++;
        }
        return new String(block, offset, end - offset, StandardCharsets.UTF_8);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
