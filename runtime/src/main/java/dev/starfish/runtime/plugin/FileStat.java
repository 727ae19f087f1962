package dev.starfish.runtime.plugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One {@code lstat} of a plugins directory entry, read once and asked by the scanner (is it a jar
 * file or a link), {@link PluginTrust} (type, mode, owner) and the {@link PluginIndex} (identity):
 * three separate reads cost a thousand-plugin start-up more than the rest of its vetting.
 *
 * @param mode {@code st_mode}: file type and permission bits
 * @param uid the owner
 * @param size bytes
 * @param mtimeNanos modification time, ns since the epoch
 * @param ctimeNanos status change time, ns since the epoch
 * @param dev device
 * @param ino inode
 */
public record FileStat(int mode, int uid, long size, long mtimeNanos, long ctimeNanos, long dev, long ino) {

    private static final String ATTRIBUTES = "unix:mode,uid,size,lastModifiedTime,ctime,dev,ino";
    private static final int TYPE_MASK = 0170000;
    private static final int SYMBOLIC_LINK = 0120000;
    private static final int REGULAR_FILE = 0100000;
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;

    /** The entry itself, not what a link points to. */
    public static FileStat of(Path path) throws IOException {
        Map<String, Object> a = Files.readAttributes(path, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        return new FileStat((Integer) a.get("mode"), (Integer) a.get("uid"), (Long) a.get("size"),
                nanos((FileTime) a.get("lastModifiedTime")), nanos((FileTime) a.get("ctime")), (Long) a.get("dev"),
                (Long) a.get("ino"));
    }

    private static long nanos(FileTime time) {
        return time.to(TimeUnit.NANOSECONDS);
    }

    public boolean isSymbolicLink() {
        return (mode & TYPE_MASK) == SYMBOLIC_LINK;
    }

    public boolean isRegularFile() {
        return (mode & TYPE_MASK) == REGULAR_FILE;
    }

    public boolean isOthersWritable() {
        return (mode & OTHERS_WRITE) != 0;
    }

    public boolean isGroupWritable() {
        return (mode & GROUP_WRITE) != 0;
    }

    /** The permission bits as four octal digits, as {@code chmod} takes them. */
    public String octalPermissions() {
        String digits = Integer.toOctalString(mode & 0777);
        return "0".repeat(Math.max(0, 4 - digits.length())) + digits;
    }
}
