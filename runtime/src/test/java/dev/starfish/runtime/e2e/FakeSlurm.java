package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Stand-ins for the Slurm client commands, put first on {@code PATH}: {@code sbatch} runs every
 * array task of the script at once, in order, in the {@code --chdir} directory with its
 * {@code --output} file, as one node would, records each task's end and prints job id 42;
 * {@code scontrol show job -o 42} prints those ends the way slurmctld does; {@code scancel} does
 * nothing. With {@code FAKE_SBATCH_STDERR_BYTES=N}, {@code sbatch} first writes N bytes to stderr;
 * with {@code FAKE_SBATCH_EXIT=N} it then exits N without running anything.
 */
final class FakeSlurm {

    static final String JOB_ID = "42";

    private final Path bin;

    private FakeSlurm(Path bin) {
        this.bin = bin;
    }

    static FakeSlurm in(Path dir) {
        try {
            Path bin = Files.createDirectories(dir.resolve("bin"));
            Path states = dir.resolve("states");
            write(bin.resolve("sbatch"), "#!/bin/bash\n"
                    + "array= chdir= output= script=\n"
                    + "for a in \"$@\"; do case \"$a\" in --array=*) array=${a#--array=} ;; --chdir=*) chdir=${a#--chdir=} ;;\n"
                    + "  --output=*) output=${a#--output=} ;; --*) ;; *) script=$a ;; esac; done\n"
                    + "if [ -n \"${FAKE_SBATCH_STDERR_BYTES:-}\" ]; then head -c \"$FAKE_SBATCH_STDERR_BYTES\" /dev/zero | tr '\\0' e >&2; fi\n"
                    + "if [ -n \"${FAKE_SBATCH_EXIT:-}\" ]; then exit \"$FAKE_SBATCH_EXIT\"; fi\n"
                    + ": > " + quoted(states) + "\n"
                    + "for ((i = 0; i <= ${array#0-}; i++)); do\n"
                    + "  (cd \"$chdir\" && SLURM_ARRAY_JOB_ID=" + JOB_ID + " SLURM_ARRAY_TASK_ID=$i \"$script\") > \"${output//%a/$i}\" 2>&1\n"
                    + "  rc=$?; if [ $rc = 0 ]; then s=COMPLETED; else s=FAILED; fi\n"
                    + "  echo \"JobId=$((" + JOB_ID + " + i + 1)) ArrayJobId=" + JOB_ID + " ArrayTaskId=$i JobState=$s Reason=None"
                    + " BatchHost=fakenode ExitCode=$rc:0\" >> " + quoted(states) + "\n"
                    + "done\n"
                    + "echo " + JOB_ID + "\n");
            write(bin.resolve("scontrol"), "#!/bin/sh\ncat " + quoted(states) + "\n");
            write(bin.resolve("scancel"), "#!/bin/sh\nexit 0\n");
            return new FakeSlurm(bin);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The environment a driver needs to find these commands. */
    Map<String, String> env() {
        return Map.of("PATH", bin + ":/usr/bin:/bin");
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String quoted(Path path) {
        return "'" + path.toString().replace("'", "'\\''") + "'";
    }
}
