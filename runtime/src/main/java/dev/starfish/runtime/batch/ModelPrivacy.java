package dev.starfish.runtime.batch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Keeps what a batch makes of a model no more readable than the model: when the group or others
 * may not read the model, they get no access to its work directory (created so before the
 * compile, so no intermediate file is ever reachable) nor to its {@code .neff} (narrowed as soon
 * as the compile ends). A model everyone may read changes nothing.
 */
final class ModelPrivacy {

    private ModelPrivacy() {
    }

    /** Before the compile: a private model's work directory is made, or narrowed, to the model's readers. */
    static void prepare(BatchItem item) {
        Set<PosixFilePermission> denied = deniedBy(item.model());
        if (denied.isEmpty()) {
            return;
        }
        Path dir = item.workDir();
        try {
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir.getParent());
                Set<PosixFilePermission> mode = PosixFilePermissions.fromString("rwxr-xr-x");
                mode.removeAll(denied);
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(mode));
            } else if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                narrow(dir, denied);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the work directory " + dir + " as private as the model "
                    + item.model() + ": " + e.getMessage(), e);
        }
    }

    /** After a compile: a private model's output loses what the model's mode denies. */
    static void narrowOutput(BatchItem item) {
        Set<PosixFilePermission> denied = deniedBy(item.model());
        if (denied.isEmpty() || !Files.isRegularFile(item.output(), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            narrow(item.output(), denied);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the output " + item.output() + " as private as the model "
                    + item.model() + ": " + e.getMessage(), e);
        }
    }

    private static void narrow(Path path, Set<PosixFilePermission> denied) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (mode.removeAll(denied)) {
            Files.setPosixFilePermissions(path, mode);
        }
    }

    /** Every group or other permission, for a class (group, others) that may not read the model. */
    private static Set<PosixFilePermission> deniedBy(Path model) {
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(model);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of the model " + model + ": " + e.getMessage(), e);
        }
        Set<PosixFilePermission> denied = EnumSet.noneOf(PosixFilePermission.class);
        if (!mode.contains(PosixFilePermission.GROUP_READ)) {
            denied.addAll(Set.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                    PosixFilePermission.GROUP_EXECUTE));
        }
        if (!mode.contains(PosixFilePermission.OTHERS_READ)) {
            denied.addAll(Set.of(PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
                    PosixFilePermission.OTHERS_EXECUTE));
        }
        return denied;
    }
}
