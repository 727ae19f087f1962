package dev.starfish.runtime.nativelib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The files a plugin's natives extracted and then mapped or ran, each with what it was on disk
 * then (size, modification and change times, inode), so that a long-lived driver can notice one
 * changed under it: a library overwritten in place changes the code the JVM has mapped, and a
 * tool replaced would run unverified. The change time cannot be set back, so a same-size
 * impostor with the old modification time is noticed too. Thread-safe.
 */
final class ExtractedFiles {

    private final Map<Path, String> stamps = new LinkedHashMap<>();

    synchronized void record(Path file) {
        stamps.put(file, stampOf(file));
    }

    /** The first recorded file that is no longer as it was extracted (changed, replaced or gone). */
    synchronized Optional<Path> firstChanged() {
        return stamps.entrySet().stream().filter(e -> !e.getValue().equals(stampOf(e.getKey())))
                .map(Map.Entry::getKey).findFirst();
    }

    private static String stampOf(Path file) {
        try {
            Map<String, Object> a = Files.readAttributes(file, "unix:size,lastModifiedTime,ctime,ino",
                    LinkOption.NOFOLLOW_LINKS);
            return a.get("size") + " " + a.get("lastModifiedTime") + " " + a.get("ctime") + " " + a.get("ino");
        } catch (IOException | RuntimeException e) {
            return "gone";
        }
    }
}
