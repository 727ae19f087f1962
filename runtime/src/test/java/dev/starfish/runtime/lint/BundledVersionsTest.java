package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} reads the bundled artifacts' pom.properties for one library family in two versions. */
class BundledVersionsTest {

    @TempDir
    Path tmp;

    /** {@code <id>.jar} with one job and the pom.properties of each {@code group:artifact:version}. */
    private Path bundling(String id, String... coordinates) {
        PluginJarBuilder builder = new PluginJarBuilder(tmp, id)
                .job("fixture.bv.VersionJob", LintRun.job("fixture.bv", "VersionJob", ""));
        for (String gav : coordinates) {
            String[] part = gav.split(":");
            builder.entry("META-INF/maven/" + part[0] + "/" + part[1] + "/pom.properties",
                    "groupId=" + part[0] + "\nartifactId=" + part[1] + "\nversion=" + part[2] + "\n");
        }
        return builder.buildInto(tmp, id + ".jar");
    }

    @Test
    void jacksonModulesOfTwoMinorVersionsAreAnError() {
        Path jar = bundling("mixed",
                "com.fasterxml.jackson.core:jackson-core:2.12.7",
                "com.fasterxml.jackson.core:jackson-databind:2.17.2",
                "com.fasterxml.jackson.datatype:jackson-datatype-jdk8:2.17.2");
        assertThat(LintRun.lines(jar)).containsExactly("mixed.jar: error: bundles "
                + "Jackson in more than one version (com.fasterxml.jackson.core:jackson-core 2.12.7, "
                + "com.fasterxml.jackson.core:jackson-databind 2.17.2, com.fasterxml.jackson.datatype:"
                + "jackson-datatype-jdk8 2.17.2): Jackson's modules work together only at one major.minor version, and "
                + "mixed ones fail at run time with NoSuchMethodError or NoClassDefFoundError: give every Jackson "
                + "artifact one version (import com.fasterxml.jackson:jackson-bom in <dependencyManagement>) and "
                + "rebuild");
    }

    @Test
    void aGroupMostlyAtOneVersionWithOneArtifactAtAnotherIsAWarning() {
        Path jar = bundling("netty",
                "io.netty:netty-buffer:4.1.100.Final",
                "io.netty:netty-common:4.1.100.Final",
                "io.netty:netty-codec:4.1.90.Final");
        assertThat(LintRun.lines(jar)).containsExactly("netty.jar: warning: bundles "
                + "artifacts of io.netty in more than one version (io.netty:netty-buffer 4.1.100.Final, "
                + "io.netty:netty-codec 4.1.90.Final, io.netty:netty-common 4.1.100.Final): most of the group has one "
                + "version, so it is probably released together, and one built against another version can fail at "
                + "run time with NoSuchMethodError: give them one version (the group's BOM, if it has one) and rebuild");
    }

    @Test
    void jacksonPatchVersionsAndGroupsWhoseArtifactsHaveVersionsOfTheirOwnAreNoFinding() {
        Path jar = bundling("fine",
                "com.fasterxml.jackson.core:jackson-core:2.23.0",
                "com.fasterxml.jackson.core:jackson-annotations:2.23",
                "com.fasterxml.jackson.core:jackson-databind:2.23.1",
                "com.google.guava:guava:33.0.0-jre",
                "com.google.guava:failureaccess:1.0.2",
                "org.apache.commons:commons-lang3:3.14.0",
                "org.apache.commons:commons-text:1.11.0");
        assertThat(LintRun.lines(jar)).isEmpty();
    }
}
