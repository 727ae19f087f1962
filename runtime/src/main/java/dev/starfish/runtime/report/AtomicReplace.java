package dev.starfish.runtime.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * Replaces a file's content in one step a reader cannot see half of, through no name another
 * user could have planted: the text goes into a temporary file of a random name in the same
 * directory, created new (never an existing file, never through a link), mode 0600, written
 * through the handle that created it, then renamed over the target (which replaces a link at
 * the target's name, never follows it).
 */
public final class AtomicReplace {

    private static final Set<OpenOption> CREATE_PRIVATE = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS);
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final int ATTEMPTS = 16;

    private final SecureRandom random = new SecureRandom();

    /** Writes {@code text} (UTF-8) to {@code target}, whose directory must exist. */
    public void replace(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        for (int attempt = 1; ; attempt++) {
            Path temp = dir.resolve("." + target.getFileName() + "." + HexFormat.of().formatHex(nonce()) + ".tmp");
            try (FileChannel channel = FileChannel.open(temp, CREATE_PRIVATE, PRIVATE)) {
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            } catch (FileAlreadyExistsException e) {
                if (attempt < ATTEMPTS) {
                    continue;
                }
                throw e;
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return;
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
        }
    }

    private byte[] nonce() {
        byte[] nonce = new byte[8];
        random.nextBytes(nonce);
        return nonce;
    }
}
