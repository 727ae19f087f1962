package dev.starfish.runtime.cli;

import java.io.FileDescriptor;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import sun.misc.Unsafe;

/**
 * The user's stdout when {@code bin/starfish} hands it over on another descriptor than 1.
 *
 * <p>HotSpot writes the banner of a crash in native code to descriptor 1, and nothing but a
 * filter on that descriptor could keep it from the user; a filter in the pipe delays every line
 * (Debian's mawk reads its input in blocks) and lets stderr overtake stdout. So the script gives
 * the JVM a private file as descriptor 1 and the user's stdout as the descriptor named by
 * {@value #PROPERTY}; {@link ConsoleStreams} makes {@code System.out} write to that one ({@link #descriptor()}), so the
 * driver's own output reaches the user as it is written, in order with stderr, and only HotSpot's
 * own messages land in the file (the script prints them, minus a crash banner, at the end).
 *
 * <p>The JDK has no public way to wrap a descriptor number, and {@code --add-opens} would cost
 * the archived module graph at every start-up, so the descriptor's number is set with
 * {@code sun.misc.Unsafe} (module {@code jdk.unsupported}, open to all) on a fresh
 * {@link FileDescriptor}.
 */
final class UserStdout {

    static final String PROPERTY = "starfish.stdout.fd";

    private UserStdout() {
    }

    /**
     * The user's stdout: the descriptor of {@value #PROPERTY} when the script hands one over, else
     * descriptor 1. Found once; should the handed-over one be unusable, descriptor 1 is used and the
     * script prints what was written there when the driver ends.
     */
    static FileDescriptor descriptor() {
        return Holder.DESCRIPTOR;
    }

    private static final class Holder {
        static final FileDescriptor DESCRIPTOR = find();
    }

    private static FileDescriptor find() {
        String number = System.getProperty(PROPERTY);
        if (number == null || number.isBlank()) {
            return FileDescriptor.out;
        }
        try {
            return descriptor(Integer.parseInt(number.trim()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("starfish: warning: stdout is written when the driver ends (" + PROPERTY + "=" + number
                    + " cannot be used: " + e + ")");
            return FileDescriptor.out;
        }
    }

    private static FileDescriptor descriptor(int number) throws ReflectiveOperationException {
        Field theUnsafe = Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Unsafe unsafe = (Unsafe) theUnsafe.get(null);
        FileDescriptor descriptor = new FileDescriptor();
        unsafe.putInt(descriptor, unsafe.objectFieldOffset(FileDescriptor.class.getDeclaredField("fd")), number);
        if (!Files.exists(Path.of("/proc/self/fd", Integer.toString(number)))) {
            throw new IllegalStateException("descriptor " + number + " is not open");
        }
        return descriptor;
    }
}
