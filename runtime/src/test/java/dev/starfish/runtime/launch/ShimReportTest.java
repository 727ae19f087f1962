package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ExitStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the {@code key=value} report of {@code starfish-exec} (format: starfish-bin/shim/src/report.c). */
class ShimReportTest {

    @TempDir
    Path tmp;

    /** A report as {@code format_report} writes it, with the given status lines. */
    private static String report(String status, int exitCode, int signal, String signalName, String error) {
        return "status=" + status + "\nexit_code=" + exitCode + "\nsignal=" + signal + "\nsignal_name=" + signalName
                + "\nuser_cpu_ms=120\nsys_cpu_ms=30\nmax_rss_kb=20480\nwall_ms=456\n"
                + "cpu_limit_exceeded=0\ntimed_out=0\nerror=" + error + "\n";
    }

    private Optional<ShimReport> read(String text) throws IOException {
        return ShimReport.read(Files.writeString(tmp.resolve("report"), text));
    }

    @Test
    void exitedReportCarriesExitCodeAndResourceUsage() throws IOException {
        ShimReport report = read(report("exited", 3, 0, "", "")).orElseThrow();
        assertThat(report.status()).isEqualTo(ExitStatus.exited(3));
        assertThat(report.userCpuMillis()).isEqualTo(120);
        assertThat(report.systemCpuMillis()).isEqualTo(30);
        assertThat(report.maxRssKb()).isEqualTo(20480);
        assertThat(report.wallMillis()).isEqualTo(456);
        assertThat(report.cpuLimitExceeded()).isFalse();
        assertThat(report.timedOut()).isFalse();
        assertThat(report.error()).isEmpty();
    }

    @Test
    void signaledReportCarriesSignalNumberAndName() throws IOException {
        ShimReport report = read(report("signaled", 0, 9, "SIGKILL", "")).orElseThrow();
        assertThat(report.status()).isEqualTo(ExitStatus.signaled(9, "SIGKILL"));
    }

    @Test
    void limitFlagsAreReadAsBooleans() throws IOException {
        String text = report("signaled", 0, 24, "SIGXCPU", "").replace("cpu_limit_exceeded=0", "cpu_limit_exceeded=1")
                .replace("timed_out=0", "timed_out=1");
        ShimReport report = read(text).orElseThrow();
        assertThat(report.cpuLimitExceeded()).isTrue();
        assertThat(report.timedOut()).isTrue();
    }

    @Test
    void failedToStartReportCarriesTheError() throws IOException {
        ShimReport report = read(report("failed_to_start", -1, 0, "", "execve: No such file or directory = ENOENT"))
                .orElseThrow();
        assertThat(report.status()).isEqualTo(ExitStatus.failedToStart());
        assertThat(report.error()).as("only the first '=' separates key and value")
                .isEqualTo("execve: No such file or directory = ENOENT");
    }

    @Test
    void missingReportFileIsEmpty() {
        assertThat(ShimReport.read(tmp.resolve("never-written"))).isEmpty();
    }

    @Test
    void reportWithoutStatusIsEmpty() throws IOException {
        assertThat(read("")).as("empty file").isEmpty();
        assertThat(read("exit_code=0\nuser_cpu_ms=1\n")).as("no status line").isEmpty();
    }

    @Test
    void unknownStatusIsRejectedNamingFileAndStatus() throws IOException {
        Path file = Files.writeString(tmp.resolve("report"), report("vanished", 0, 0, "", ""));
        assertThatThrownBy(() -> ShimReport.read(file)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("'vanished'")
                .hasMessageContaining("expected exited, signaled or failed_to_start");
    }

    @Test
    void truncatedReportFallsBackToDefaultsForMissingFields() throws IOException {
        ShimReport report = read("status=exited\nexit_code=0\nuser_cpu_ms=7\nsys_cp").orElseThrow();
        assertThat(report.status()).isEqualTo(ExitStatus.exited(0));
        assertThat(report.userCpuMillis()).isEqualTo(7);
        assertThat(report.systemCpuMillis()).isZero();
        assertThat(report.maxRssKb()).isZero();
        assertThat(report.wallMillis()).as("wall time not reported").isEqualTo(-1);
    }

    @Test
    void exitedWithoutExitCodeReadsAsMinusOne() throws IOException {
        assertThat(read("status=exited\n").orElseThrow().status()).isEqualTo(ExitStatus.exited(-1));
    }

    @Test
    void surroundingBlanksOfNumbersAreTrimmed() throws IOException {
        assertThat(read("status=exited\nexit_code= 0\nwall_ms= 5 \n").orElseThrow().wallMillis()).isEqualTo(5);
    }

    @Test
    void malformedNumberIsRejectedNamingKeyValueAndFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("report"), "status=exited\nexit_code=zero\n");
        assertThatThrownBy(() -> ShimReport.read(file)).isInstanceOf(IllegalStateException.class)
                .hasMessage("process report " + file + " has exit_code='zero', expected a whole number (starfish-exec"
                        + " writes one; the shim and the launcher disagree on the format)");
    }

    @Test
    void malformedResourceFigureIsRejectedRatherThanReadAsZero() {
        String text = report("exited", 0, 0, "", "").replace("user_cpu_ms=120", "user_cpu_ms=12x");
        assertThatThrownBy(() -> ShimReport.parse(text, "the spawn server's report of spawn 7"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the spawn server's report of spawn 7 has user_cpu_ms='12x', expected a whole"
                        + " number");
    }

    @Test
    void emptyNumberIsRejected() {
        assertThatThrownBy(() -> ShimReport.parse("status=signaled\nsignal=\n", "report"))
                .hasMessageStartingWith("report has signal='', expected a whole number");
    }

    @Test
    void reportTextWithoutStatusIsRejectedByTheFrameParser() {
        assertThatThrownBy(() -> ShimReport.parse("exit_code=0\n", "the spawn server's report of spawn 3"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the spawn server's report of spawn 3 has no status line, expected status=exited, signaled"
                        + " or failed_to_start");
    }

    @Test
    void reportFrameTextReadsLikeTheFile() {
        ShimReport report = ShimReport.parse(report("signaled", -1, 15, "SIGTERM", ""), "frame");
        assertThat(report.status()).isEqualTo(ExitStatus.signaled(15, "SIGTERM"));
        assertThat(report.maxRssKb()).isEqualTo(20480);
    }

    @Test
    void unreadableReportIsWrappedNamingTheFile() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("a-directory"));
        assertThatThrownBy(() -> ShimReport.read(dir)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(dir.toString());
    }
}
