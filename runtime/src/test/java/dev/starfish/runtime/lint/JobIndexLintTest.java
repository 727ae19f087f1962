package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.PluginApi;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plugins lint} on the build-time job index: a true one is no finding, none is a warning,
 * one that lies or leaves a job out is the error the registry would refuse the jar with.
 */
class JobIndexLintTest {

    @TempDir
    Path tmp;

    @Test
    void aTrueIndexIsNoFindingAndAJarWithoutOneIsAWarning() {
        Path indexed = new PluginJarBuilder(tmp, "indexed").job("fixture.lint.Indexed", job("Indexed"))
                .buildInto(tmp.resolve("a"), "indexed.jar");
        Path bare = new PluginJarBuilder(tmp, "bare").withoutJobIndex().job("fixture.lint.Bare", job("Bare"))
                .buildInto(tmp.resolve("b"), "bare.jar");

        assertThat(LintRun.lines(indexed)).isEmpty();
        assertThat(LintRun.lines(bare)).containsExactly("bare.jar: warning: no build-time job index " + PluginApi.JOB_INDEX
                + ", so the host reads every job class file to list the jobs and no build checked their declarations: "
                + "compile the jar with plugin API " + PluginApi.VERSION + " on the class path (its annotation processor "
                + "writes the index)");
    }

    @Test
    void anIndexThatLiesOrLeavesAJobOutIsAnErrorInTheRegistrysWords() {
        Path lies = new PluginJarBuilder(tmp, "lies").withJobIndex(t -> t.replace("\"action\": \"\"", "\"action\": \"x\""))
                .job("fixture.lint.Lies", job("Lies")).buildInto(tmp.resolve("c"), "lies.jar");
        Path partial = new PluginJarBuilder(tmp, "partial")
                .withJobIndex(t -> t.replaceAll("(?s)\"jobs\": \\[.*\\]", "\"jobs\": []"))
                .job("fixture.lint.Partial", job("Partial")).buildInto(tmp.resolve("d"), "partial.jar");

        assertThat(LintRun.lines(lies)).containsExactly("lies.jar: error: the job index " + PluginApi.JOB_INDEX
                + " of lies.jar does not describe the jar: it says job Lies has action 'x', but its class "
                + "fixture.lint.Lies declares ''; the jar is refused: rebuild it (mvn clean package)");
        assertThat(LintRun.lines(partial)).containsExactly("partial.jar: error: job class fixture.lint.Partial of "
                + "partial.jar declares a job, but the jar's job index " + PluginApi.JOB_INDEX + " leaves it out "
                + "(written by a partial build?): rebuild the jar (mvn clean package)");
    }

    private static String job(String name) {
        return LintRun.job("fixture.lint", name, "");
    }
}
