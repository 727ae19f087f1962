package dev.starfish.runtime.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InPlaceContentTest {

    @TempDir
    Path dir;

    @Test
    void theNewTextReplacesALongerOrShorterOneAndAMissingFileIsMade() throws IOException {
        Path longer = Files.writeString(dir.resolve("longer"), "cwd=/a/much/longer/directory\nsecond line\n");
        Path shorter = Files.writeString(dir.resolve("shorter"), "1\n");

        InPlaceContent.replace(longer, "workdir=/w\n");
        InPlaceContent.replace(shorter, "workdir=/a/longer/one\n");
        InPlaceContent.replace(dir.resolve("missing"), "cwd=/x\n");

        assertThat(longer).hasContent("workdir=/w");
        assertThat(Files.size(longer)).isEqualTo("workdir=/w\n".length());
        assertThat(shorter).hasContent("workdir=/a/longer/one");
        assertThat(dir.resolve("missing")).hasContent("cwd=/x");
    }

    @Test
    void aSymbolicLinkIsNotFollowed() throws IOException {
        Path victim = Files.writeString(dir.resolve("victim"), "keep me\n");
        Path link = Files.createSymbolicLink(dir.resolve("context"), victim);

        assertThatThrownBy(() -> InPlaceContent.replace(link, "workdir=/w\n")).isInstanceOf(IOException.class);
        assertThat(victim).hasContent("keep me");
    }

    /**
     * A truncation to zero costs ext4 a journal transaction and a writeback at close; the system
     * calls show that rewriting a lock's pid or a crash context makes none.
     */
    @Test
    void rewritingALockOrACrashContextNeverTruncatesTheFileToZero() throws Exception {
        Path lock = Files.writeString(dir.resolve(".starfish-workdir"), "1234567\n");
        Path context = Files.writeString(dir.resolve("x.client-1"), "cwd=/a/much/longer/directory\n");
        Path trace = dir.resolve("strace.txt");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder("strace", "-f", "-e", "trace=ftruncate,truncate,openat,close", "-o", trace.toString(),
                java.toString(), "-cp", System.getProperty("java.class.path"), InPlaceContentChild.class.getName(),
                lock.toString(), context.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.txt").toFile()).start();
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the traced child ended").isTrue();
        assertThat(child.exitValue()).as("strace and the child (%s)", Files.readString(dir.resolve("child.txt")))
                .isZero();

        List<String> ofTheFiles = callsOnFilesIn(Files.readAllLines(trace));
        assertThat(ofTheFiles).as("the child wrote both files").anyMatch(l -> l.contains(lock.toString()))
                .anyMatch(l -> l.contains(context.toString()));
        assertThat(ofTheFiles).as("no truncation to zero, no O_TRUNC, on either file")
                .noneMatch(l -> l.matches(".*\\bf?truncate\\([^,]*, 0\\).*"))
                .noneMatch(l -> l.contains("O_TRUNC"));
        assertThat(lock).hasContent("42");
        assertThat(context).hasContent("workdir=/w");
    }

    /** The traced calls on files of {@link #dir}: their opens, and the truncations of the descriptors those gave. */
    private List<String> callsOnFilesIn(List<String> calls) {
        Pattern open = Pattern.compile("openat\\(AT_FDCWD, \"([^\"]*)\".* = (\\d+)$");
        Pattern onFd = Pattern.compile("\\b(?:ftruncate|close)\\((\\d+)\\b");
        Map<String, String> pathOfFd = new HashMap<>();
        List<String> ours = new ArrayList<>();
        for (String call : calls) {
            Matcher opened = open.matcher(call);
            Matcher used = onFd.matcher(call);
            if (opened.find() && opened.group(1).startsWith(dir + "/")) {
                pathOfFd.put(opened.group(2), opened.group(1));
                ours.add(call);
            } else if (used.find() && pathOfFd.containsKey(used.group(1))) {
                ours.add(call + " [" + pathOfFd.get(used.group(1)) + "]");
                if (call.contains("close(")) {
                    pathOfFd.remove(used.group(1));
                }
            }
        }
        return ours;
    }
}
