package dev.starfish.runtime.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's files are written through no name another user could swap (issue 23 F08). */
class ReportWriterTest {

    private static final Pattern OPEN = Pattern.compile("open(?:at)?\\((?:AT_FDCWD, )?\"([^\"]+)\", ([A-Z_|]+)");

    @TempDir
    Path dir;

    @Test
    void aLinkPlantedAtEachReportNameIsReplacedAndItsTargetKept() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        List<Path> victims = new ArrayList<>();
        for (String name : List.of(ReportWriter.REPORT_JSON, ReportWriter.TRACE_JSON, ReportWriter.REPORT_HTML)) {
            Path victim = Files.writeString(dir.resolve("victim-" + name), "keep me\n");
            Files.createSymbolicLink(work.resolve(name), victim);
            victims.add(victim);
        }

        ReportWriter.write(new CompileRecorder(work.resolve("m.hlo"), work, "test").report(Optional.empty()));

        for (Path victim : victims) {
            assertThat(victim).as("the link's target").hasContent("keep me");
        }
        for (String name : List.of(ReportWriter.REPORT_JSON, ReportWriter.TRACE_JSON, ReportWriter.REPORT_HTML)) {
            assertThat(Files.isRegularFile(work.resolve(name), LinkOption.NOFOLLOW_LINKS)).as(name).isTrue();
        }
        try (var left = Files.list(work)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file is left")
                    .containsExactlyInAnyOrder(ReportWriter.REPORT_JSON, ReportWriter.TRACE_JSON, ReportWriter.REPORT_HTML);
        }
    }

    /**
     * The attack on a temporary file reopened by name (swap it for a link between create and
     * write) is a race no test wins reliably; the system calls show whether there is one to win.
     */
    @Test
    void eachTemporaryFileIsOpenedOnceNewAndNotThroughALink() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        Path trace = dir.resolve("strace.txt");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder("strace", "-f", "-e", "trace=open,openat,creat", "-o", trace.toString(),
                java.toString(), "-cp", System.getProperty("java.class.path"), ReportWriterChild.class.getName(),
                work.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("child.txt").toFile()).start();
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the traced child ended").isTrue();
        assertThat(child.exitValue()).as("strace and the child (%s)", Files.readString(dir.resolve("child.txt")))
                .isZero();

        Map<String, List<String>> opens = new TreeMap<>();
        for (String line : Files.readAllLines(trace)) {
            Matcher open = OPEN.matcher(line);
            if (open.find() && open.group(1).startsWith(work + File.separator) && !opens(line, "ENOENT")) {
                opens.computeIfAbsent(open.group(1), k -> new ArrayList<>()).add(open.group(2));
            }
        }
        Map<String, List<String>> temporary = new TreeMap<>(opens);
        temporary.keySet().removeIf(name -> !name.endsWith(".tmp"));
        assertThat(temporary).as("the report's temporary files, as opened: %s", opens).hasSize(3);
        temporary.forEach((name, flags) -> assertThat(flags).as(name).singleElement().satisfies(f ->
                assertThat(f.split("\\|")).as("created new: O_EXCL never follows a link").contains("O_CREAT", "O_EXCL")));
    }

    private static boolean opens(String line, String error) {
        return line.contains("= -1 " + error);
    }
}
