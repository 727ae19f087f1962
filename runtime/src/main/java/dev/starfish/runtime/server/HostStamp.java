package dev.starfish.runtime.server;

import dev.starfish.runtime.plugin.FileStat;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a warm host was loaded from, as it is on disk now: every entry of each directory of the
 * plugin path (one that does not exist is stamped as absent, so creating it is a change) and of
 * {@code conf/} with its size, modification and change times and inode. A jar added, replaced,
 * touched or removed, or an edited setting, changes the stamp, and the next command gets a host
 * loaded afresh. The change time cannot be set back by anyone, so a jar replaced under the same
 * size and modification time still changes it.
 */
record HostStamp(List<String> entries) {

    HostStamp {
        entries = List.copyOf(entries);
    }

    static HostStamp of(List<Path> pluginDirs, Path confDir) {
        List<String> entries = new ArrayList<>();
        pluginDirs.forEach(dir -> add(dir, entries));
        add(confDir, entries);
        return new HostStamp(entries);
    }

    private static void add(Path dir, List<String> entries) {
        entries.add(dir + " " + describe(dir));
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(children::add);
        } catch (IOException | RuntimeException e) {
            entries.add(dir + " unreadable: " + e.getClass().getSimpleName());
            return;
        }
        children.sort(null);
        children.forEach(child -> entries.add(child + " " + describe(child)));
    }

    private static String describe(Path path) {
        try {
            return FileStat.of(path).toString();
        } catch (IOException | RuntimeException e) {
            return "gone";
        }
    }
}
