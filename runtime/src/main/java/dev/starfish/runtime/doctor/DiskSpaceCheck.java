package dev.starfish.runtime.doctor;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Free space where compiles write (the current directory) and where the caches live. */
final class DiskSpaceCheck implements Check {

    static final long FAIL_BELOW = 100L << 20;
    static final long WARN_BELOW = 1L << 30;

    @Override
    public List<Finding> run(Installation installation) {
        return List.of(space("work space", installation.workDir()), space("cache space", installation.cacheRoot()));
    }

    private static Finding space(String check, Path dir) {
        Path existing = CachesCheck.nearestExisting(dir);
        if (existing == null) {
            return Finding.fail(check, "no part of " + dir + " exists", "create it or choose another directory");
        }
        long free;
        try {
            FileStore store = Files.getFileStore(existing);
            free = store.getUsableSpace();
        } catch (IOException e) {
            return Finding.warn(check, "cannot tell the free space of " + existing + " (" + e.getMessage() + ")",
                    "check the file system with df");
        }
        String what = mebibytes(free) + " free at " + existing;
        if (free < FAIL_BELOW) {
            return Finding.fail(check, what + " (less than " + mebibytes(FAIL_BELOW) + ")",
                    "free some space or compile elsewhere (--workdir, STARFISH_CACHE_DIR)");
        }
        if (free < WARN_BELOW) {
            return Finding.warn(check, what + " (less than " + mebibytes(WARN_BELOW) + ")",
                    "free some space: a large model's work directory can need hundreds of MiB");
        }
        return Finding.ok(check, what);
    }

    private static String mebibytes(long bytes) {
        return (bytes >> 20) + " MiB";
    }
}
