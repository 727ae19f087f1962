package dev.starfish.runtime.compile;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;

/**
 * What is left to do for a compile the driver stopped under it, once its tools are stopped:
 * record the outcome in the compile's own log file and remove what the compile had half
 * written next to its output, and the unpublished {@code .neff} in its work directory.
 */
public final class InterruptedCompile {

    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");

    private InterruptedCompile() {
    }

    /**
     * Logs {@code outcome} to the compile's log file, removes the tools' temporary files next to
     * the output and, when {@code removeOutput}, the output itself (a batch keeps no output of a
     * compile that did not finish).
     */
    public static void cleanUp(CompileRequest request, String outcome, boolean removeOutput) {
        String previous = ThreadContext.get(CompileLog.CONTEXT_KEY);
        ThreadContext.put(CompileLog.CONTEXT_KEY, request.logFile().toString());
        try {
            removeToolTemporaries(request.output());
            Path made = OutputFile.madeIn(request.workDir());
            removeToolTemporaries(made);
            Files.deleteIfExists(made);
            if (removeOutput) {
                Files.deleteIfExists(request.output());
            }
        } catch (IOException e) {
            OUTCOME.warn("could not remove the unfinished output {}: {}", request.output(), e.getMessage());
        } finally {
            OUTCOME.error("{}", outcome);
            if (previous == null) {
                ThreadContext.remove(CompileLog.CONTEXT_KEY);
            } else {
                ThreadContext.put(CompileLog.CONTEXT_KEY, previous);
            }
        }
    }

    /** Removes {@code OUT.tmpXXXXXX}, the name a tool writes the output under before renaming it into place. */
    private static void removeToolTemporaries(Path output) {
        Path dir = output.toAbsolutePath().getParent();
        String prefix = output.getFileName() + ".tmp";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, p -> {
            String name = p.getFileName().toString();
            return name.startsWith(prefix) && name.length() == prefix.length() + 6
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
        })) {
            for (Path temp : entries) {
                Files.deleteIfExists(temp);
            }
        } catch (NoSuchFileException e) {
            // the output's directory was never made: nothing to remove
        } catch (IOException e) {
            OUTCOME.warn("could not remove temporary files next to {}: {}", output, e.getMessage());
        }
    }
}
