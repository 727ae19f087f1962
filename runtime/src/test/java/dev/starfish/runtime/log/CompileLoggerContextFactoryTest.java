package dev.starfish.runtime.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.log.CompileLogFiles;
import dev.starfish.runtime.log.CompileLogRouter;
import dev.starfish.runtime.log.CompileLoggerContextFactory;
import dev.starfish.runtime.log.LogLine;
import dev.starfish.runtime.log.LoggingBootstrap;
import dev.starfish.runtime.log.OwnLoggerContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileLoggerContextFactoryTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(consoleBytes, true, StandardCharsets.UTF_8);
    private final OwnLoggerContext context = CompileLoggerContextFactory.context(new CompileLogRouter(Level.WARN,
            new CompileLogFiles(console), console));

    @AfterEach
    void clearContext() {
        ThreadContext.clearMap();
    }

    private String console() {
        return consoleBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void debugAndAboveGoToTheThreadsLogFileAndTheConsoleLevelToTheConsole() throws IOException {
        Path log = dir.resolve("log-starfish.txt");
        ThreadContext.put("logfile", log.toString());
        ThreadContext.put("job", "WalrusDriver");
        ThreadContext.put("subgraph", "sg00");
        ExtendedLogger logger = context.getLogger("x.Y");
        logger.debug("looked at {}", "model.hlo");
        logger.warn("careful");
        logger.trace("never");

        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{3} DEBUG \\[[^\\]]+\\] "
                + "\\[WalrusDriver/sg00\\] looked at model\\.hlo");
        assertThat(lines.get(1)).endsWith(" WARN  [" + Thread.currentThread().getName() + "] [WalrusDriver/sg00] careful");
        assertThat(console()).isEqualTo("WARN  [WalrusDriver/sg00] careful\n");
    }

    @Test
    void theOutcomeLoggerWritesTheLogFileOnlyAndAStackTraceGoesToTheFileNotTheConsole() throws IOException {
        Path log = dir.resolve("log.txt");
        ThreadContext.put("logfile", log.toString());
        context.getLogger(CompileLogRouter.OUTCOME_LOGGER).error("Compile failed: boom");
        context.getLogger("x.Y").error("job failed", new IllegalStateException("why"));

        String text = Files.readString(log);
        assertThat(text).contains("ERROR [").contains("Compile failed: boom\n").contains("job failed\n")
                .contains("java.lang.IllegalStateException: why\n\tat ");
        assertThat(console()).isEqualTo("ERROR job failed\n");
    }

    @Test
    void withoutALogFileInTheContextOnlyTheConsoleIsWritten() {
        context.getLogger("x.Y").error("alone");
        assertThat(console()).isEqualTo("ERROR alone\n");
    }

    @Test
    void aFileIsEmptiedWhenFirstWrittenThenAppendedEvenAfterItWasClosedForOthers() throws IOException {
        Path log = Files.writeString(dir.resolve("old.txt"), "a previous compile's lines\n");
        CompileLogFiles files = new CompileLogFiles(console);
        files.write(log.toString(), "one\n");
        for (int i = 0; i < CompileLogFiles.OPEN_AT_MOST + 4; i++) {
            files.write(dir.resolve("other" + i + ".txt").toString(), "x\n");
        }
        assertThat(files.openFiles()).isEqualTo(CompileLogFiles.OPEN_AT_MOST);
        files.write(log.toString(), "two\n");
        assertThat(Files.readString(log)).isEqualTo("one\ntwo\n");
    }

    @Test
    void aFileThatCannotBeWrittenIsOneWarningThenLeftAlone() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("plain"), "x");
        CompileLogFiles files = new CompileLogFiles(console);
        String log = notADirectory.resolve("log.txt").toString();
        files.write(log, "one\n");
        files.write(log, "two\n");
        assertThat(console()).startsWith("starfish: warning: cannot write the log file " + log + ": ")
                .endsWith("; the compile goes on without it\n");
        assertThat(console().lines()).hasSize(1);
    }

    @Test
    void linesOfThreadsWritingOneFileAtOnceAreNeverInterleaved() throws Exception {
        Path log = dir.resolve("shared.txt");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            String name = "w" + t;
            threads.add(new Thread(() -> {
                ThreadContext.put("logfile", log.toString());
                for (int i = 0; i < 200; i++) {
                    context.getLogger("x.Y").debug("{} line {} {}", name, i, "x".repeat(200));
                }
            }, name));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(800).allSatisfy(line -> assertThat(line).matches(".* DEBUG \\[w\\d\\] w\\d line \\d+ x{200}"));
    }

    @Test
    void theConsoleLineNamesAJobOrASubgraphAsTheShippedPatternDoes() {
        ThreadContext.put("subgraph", "sg01");
        assertThat(LogLine.console(Level.INFO, "m")).isEqualTo("INFO  [/sg01] m");
        ThreadContext.put("job", "Kelper");
        ThreadContext.remove("subgraph");
        assertThat(LogLine.console(Level.ERROR, "m")).isEqualTo("ERROR [Kelper] m");
    }

    @Test
    void theShippedConfigurationIsRecognisedByteForByte() throws IOException {
        Path shipped = Files.write(dir.resolve("log4j2.properties"),
                LoggingBootstrap.class.getResourceAsStream("log4j2.properties").readAllBytes());
        assertThat(LoggingBootstrap.isShipped(shipped)).isTrue();
        Files.writeString(shipped, "\n", java.nio.file.StandardOpenOption.APPEND);
        assertThat(LoggingBootstrap.isShipped(shipped)).as("one more byte").isFalse();
        assertThat(LoggingBootstrap.isShipped(dir.resolve("missing.properties"))).isFalse();
    }
}
