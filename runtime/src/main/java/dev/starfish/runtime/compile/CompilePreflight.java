package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.report.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Checks a compile's paths before anything runs or is written, as gcc does: the model is a
 * readable regular file, the output and the log file are neither the model nor each other nor
 * a device, a directory or an over-long name, the output's directory can be written, the model
 * is within {@link InputLimits}, and the work directory is not a file. Every
 * refusal is an {@link InvalidInputException} (exit 2) whose one line names the path and why.
 */
final class CompilePreflight {

    /** {@code NAME_MAX} of Linux file systems, in bytes. */
    static final int NAME_MAX = 255;
    /** A tool writes its output as {@code NAME.tmpXXXXXX} first and renames it into place. */
    static final int TEMPORARY_SUFFIX = ".tmpXXXXXX".length();

    private CompilePreflight() {
    }

    static void check(CompileRequest request) {
        checkModel(request.model(), request.limits());
        checkWorkDir(request.workDir());
        checkWritableFile("output file", request.output(), request.model());
        checkOutputDirectory(request.output());
        checkWritableFile("log file", request.logFile(), request.model());
        if (samePath(request.output(), request.logFile())) {
            throw new InvalidInputException("log file '" + request.logFile() + "' is the same as output file; "
                    + "give --logfile or --output another name");
        }
    }

    private static void checkModel(Path model, InputLimits limits) {
        if (!Files.exists(model)) {
            throw new InvalidInputException("model file not found: " + model
                    + " (expected an HLO text file, e.g. examples/mlp.hlo)");
        }
        if (Files.isDirectory(model)) {
            throw new InvalidInputException("model " + model + " is a directory; expected an HLO text file"
                    + " (to compile every model in it: starfish batch " + model + ")");
        }
        if (!Files.isRegularFile(model)) {
            throw new InvalidInputException("model " + model + " is not a regular file (a pipe, socket or device); "
                    + "save the model to a file first");
        }
        if (!Files.isReadable(model)) {
            throw new InvalidInputException("model " + model + " is not readable (permission denied)");
        }
        long size = size(model);
        if (limits.modelTooLarge(size)) {
            throw new InvalidInputException("model " + model + " is " + Units.kib(size / 1024) + " (" + size
                    + " bytes), larger than the limit of " + Units.kib(limits.maxModelBytes() / 1024) + " ("
                    + limits.maxModelBytes() + " bytes) set by " + Setting.MODEL_MAX_BYTES.key() + "; raise "
                    + Setting.MODEL_MAX_BYTES.key() + " in conf/starfish.properties (0 = no limit) if the driver's "
                    + "heap can hold it");
        }
    }

    private static long size(Path model) {
        try {
            return Files.size(model);
        } catch (IOException e) {
            throw new InvalidInputException("model " + model + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * The output's directory, or the nearest existing directory above it that the compile will
     * create it in, must be writable by this user as the kernel judges it ({@code access(W_OK)}:
     * true for root on any mode, false on a read-only mount), or every job would run for nothing.
     */
    private static void checkOutputDirectory(Path output) {
        Path dir = output.toAbsolutePath().getParent();
        if (Files.isDirectory(dir)) {
            if (!Files.isWritable(dir)) {
                throw new InvalidInputException("output directory " + dir + " is not writable by you (" + ownerAndMode(dir)
                        + "); give --output a file in a directory you may write");
            }
            return;
        }
        Path ancestor = existingAncestor(dir);
        if (ancestor != null && Files.isDirectory(ancestor) && !Files.isWritable(ancestor)) {
            throw new InvalidInputException("output directory " + dir + " does not exist and cannot be created: "
                    + ancestor + " is not writable by you (" + ownerAndMode(ancestor) + "); create it first or give "
                    + "--output a file in a directory you may write");
        }
    }

    private static String ownerAndMode(Path dir) {
        try {
            return "owner " + Files.getOwner(dir).getName() + ", mode "
                    + PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))
                    + (Files.getFileStore(dir).isReadOnly() ? ", on a read-only file system" : "");
        } catch (IOException e) {
            return "owner and mode unreadable";
        }
    }

    private static void checkWritableFile(String role, Path file, Path model) {
        if (samePath(file, model)) {
            throw new InvalidInputException("input file '" + model.getFileName() + "' is the same as " + role
                    + " (" + file + "); choose another name");
        }
        int nameBytes = file.getFileName().toString().getBytes(StandardCharsets.UTF_8).length;
        if (nameBytes > NAME_MAX - TEMPORARY_SUFFIX) {
            throw new InvalidInputException(role + " name is " + nameBytes + " bytes long; at most "
                    + (NAME_MAX - TEMPORARY_SUFFIX) + " are allowed (the file system allows " + NAME_MAX
                    + ", and the file is first written as NAME" + ".tmpXXXXXX): " + abbreviate(file));
        }
        if (Files.isDirectory(file)) {
            throw new InvalidInputException(role + " " + file + " is a directory; expected a file name");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new InvalidInputException(role + " " + file + " exists and is not a regular file (a device, pipe or "
                    + "socket); refusing to replace it");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new InvalidInputException(role + " " + file + " is not writable (permission denied)");
        }
        Path parent = existingAncestor(file.getParent());
        if (parent != null && !Files.isDirectory(parent)) {
            throw new InvalidInputException(role + " " + file + " cannot be created: " + parent + " is not a directory");
        }
    }

    private static void checkWorkDir(Path workDir) {
        if (Files.exists(workDir) && !Files.isDirectory(workDir)) {
            throw new InvalidInputException("work directory " + workDir + " is not a directory; give --workdir a new "
                    + "or existing directory");
        }
        Path parent = existingAncestor(workDir.getParent());
        if (parent != null && !Files.isDirectory(parent)) {
            throw new InvalidInputException("work directory " + workDir + " cannot be created: " + parent
                    + " is not a directory");
        }
        WorkDirectory.checkUsable(workDir);
    }

    private static Path existingAncestor(Path dir) {
        Path current = dir;
        while (current != null && !Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
            current = current.getParent();
        }
        return current;
    }

    static boolean samePath(Path a, Path b) {
        if (a.normalize().equals(b.normalize())) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static String abbreviate(Path file) {
        String name = file.getFileName().toString();
        return name.length() > 40 ? name.substring(0, 20) + "…" + name.substring(name.length() - 12) : name;
    }
}
