package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/starfish-install --prefix DIR}, run by a POSIX shell: a working command and manual pages under DIR. */
class InstallScriptIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    @Test
    void installsALinkedStarfishAndItsManualPagesIntoAPrefix() throws Exception {
        Path prefix = tmp.resolve("prefix");
        Path victim = Files.writeString(tmp.resolve("victim"), "mine");
        Files.createDirectories(prefix.resolve("share/man/man1"));
        Files.createSymbolicLink(prefix.resolve("share/man/man1/starfish.1"), victim);

        Result install = install(prefix.toString());
        Result again = install(prefix.toString());

        assertThat(install.code()).as("%s", install).isZero();
        assertThat(install.err()).isEmpty();
        assertThat(install.out()).contains("linked " + prefix.resolve("bin/starfish") + " -> "
                + dist.home().resolve("bin/starfish") + "\n").containsPattern("copied \\d+ manual pages to ");
        assertThat(again.code()).as("running it again updates in place: %s", again).isZero();
        assertThat(prefix.resolve("bin/starfish")).isSymbolicLink();
        assertThat(victim).as("a link planted where a page goes is replaced, not written through").hasContent("mine");
        assertThat(prefix.resolve("share/man/man1/starfish.1")).isRegularFile();
        Result version = exec(Map.of(), prefix.resolve("bin/starfish").toString(), "--version");
        assertThat(version.code()).as("%s", version).isZero();
        assertThat(version.out()).containsPattern("\\d+\\.\\d+");
        Result man = exec(Map.of("MANPATH", prefix.resolve("share/man").toString()), "man", "-w", "starfish-compile");
        assertThat(man.out().strip()).as("%s", man).isEqualTo(prefix.resolve("share/man/man1/starfish-compile.1").toString());
    }

    @Test
    void aPrefixItCannotWriteIsRefusedWithOneLineAndNothingWritten() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");

        Result run = install(file.resolve("prefix").toString());

        assertThat(run.code()).as("%s", run).isEqualTo(2);
        assertThat(run.err()).isEqualTo("starfish-install: error: cannot write " + file.resolve("prefix") + ": " + file
                + " is not a directory you can write; choose a prefix of your own (e.g. --prefix \"$HOME/.local\") or"
                + " run as a user who may write there\n");
        assertThat(file).hasContent("x");
    }

    @Test
    void aFileWhereTheLinkGoesIsLeftAlone() throws Exception {
        Path prefix = tmp.resolve("prefix");
        Path theirs = Files.writeString(Files.createDirectories(prefix.resolve("bin")).resolve("starfish"), "theirs");

        Result run = install(prefix.toString());

        assertThat(run.code()).as("%s", run).isEqualTo(2);
        assertThat(run.err()).isEqualTo("starfish-install: error: " + theirs + " exists and is not a symbolic link; "
                + "remove it or choose another prefix\n");
        assertThat(theirs).hasContent("theirs");
        assertThat(prefix.resolve("share")).doesNotExist();
    }

    private Result install(String prefix) throws Exception {
        return exec(Map.of(), "dash", dist.home().resolve("bin/starfish-install").toString(), "--prefix", prefix);
    }

    private Result exec(Map<String, String> env, String... command) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).directory(tmp.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("STARFISH_HOME");
        pb.environment().put("STARFISH_CACHE_DIR", tmp.resolve(".cache").toString());
        pb.environment().putAll(env);
        int code = pb.start().waitFor();
        return new Result(code, read(out), read(err));
    }

    private static String read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Files.delete(file);
        return text;
    }

    private record Result(int code, String out, String err) {
    }
}
