package dev.starfish.runtime.compile;

import java.nio.file.Path;

/** Rewrites a lock file's pid and a crash context file as a compile does, for {@link InPlaceContentTest}'s trace. */
public final class InPlaceContentChild {

    private InPlaceContentChild() {
    }

    public static void main(String[] args) throws Exception {
        try (LockedFile lock = LockedFile.open(Path.of(args[0]))) {
            if (!lock.tryLock()) {
                throw new IllegalStateException("cannot lock " + args[0]);
            }
            lock.replaceContent("42\n");
        }
        InPlaceContent.replace(Path.of(args[1]), "workdir=/w\n");
    }
}
