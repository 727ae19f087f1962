package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} finds the classes a job reaches that neither the jar, the host nor the JDK has. */
class UnresolvedClassesTest {

    @TempDir
    Path tmp;

    private static final String HINT = "which neither the jar, the host-shared packages (dev.starfish.api. org.pf4j. "
            + "org.slf4j. org.apache.logging.log4j.) nor the JDK has, so running the job fails with NoClassDefFoundError: ";
    private static final String FIX = ": bundle it (lint the shaded jar mvn package writes, never "
            + "target/original-*.jar), or give its dependency compile scope so maven-shade-plugin bundles it";

    @Test
    void aLibraryTheJarDoesNotBundleIsAnErrorNamingTheJobAndTheClassThatRefersToIt() {
        // compiled against the test class path, which has the host's Jackson; the jar bundles none
        Path jar = new PluginJarBuilder(tmp, "unbundled")
                .job("fixture.ub.WriterJob", LintRun.job("fixture.ub", "WriterJob", "Json.write();"))
                .source("fixture.ub.Json", "package fixture.ub;\nclass Json {\n  static String write() {\n"
                        + "    return new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().toString();\n"
                        + "  }\n}\n")
                .source("fixture.ub.Unused", "package fixture.ub;\nclass Unused { Object o = new org.objectweb.asm"
                        + ".ClassReader(new byte[0]); }\n")
                .buildInto(tmp, "unbundled.jar");
        assertThat(LintRun.lines(jar)).containsExactly(
                "unbundled.jar: error: job WriterJob needs class com.fasterxml.jackson.databind.ObjectMapper (first "
                        + "referred to by fixture.ub.Json), " + HINT + "com/fasterxml/jackson/databind/ObjectMapper" + FIX,
                "unbundled.jar: error: job WriterJob needs class com.fasterxml.jackson.databind.node.ObjectNode (first "
                        + "referred to by fixture.ub.Json), " + HINT + "com/fasterxml/jackson/databind/node/ObjectNode"
                        + FIX);
    }

    @Test
    void afterFiveMissingClassesOneFindingCountsTheRest() {
        StringBuilder uses = new StringBuilder();
        for (String name : List.of("A", "B", "C", "D", "E", "F", "G")) {
            uses.append("new fixture.gone.").append(name).append("();\n");
        }
        PluginJarBuilder builder = new PluginJarBuilder(tmp, "many")
                .job("fixture.many.ManyJob", LintRun.job("fixture.many", "ManyJob", uses.toString()));
        for (String name : List.of("A", "B", "C", "D", "E", "F", "G")) {
            builder.source("fixture.gone." + name, "package fixture.gone;\npublic class " + name + " { }\n");
        }
        Path jar = builder.omit("fixture.gone.").buildInto(tmp, "many.jar");
        List<String> findings = LintRun.lines(jar);
        assertThat(findings).hasSize(6);
        assertThat(findings.get(0)).startsWith("many.jar: error: job ManyJob needs class fixture.gone.A (first referred "
                + "to by fixture.many.ManyJob)");
        assertThat(findings.get(5)).isEqualTo("many.jar: error: and 2 more class(es) the jar's jobs need are missing "
                + "in the same way (fixture.gone.F, fixture.gone.G)");
    }

    @Test
    void aClassOfAHostSharedPackageThisHostLacksIsAnErrorSayingWhichApiToBuildAgainst() {
        Path jar = new PluginJarBuilder(tmp, "newer")
                .job("fixture.nw.NewerJob", LintRun.job("fixture.nw", "NewerJob", "NewerThing.call();"))
                .source("dev.starfish.api.NewerThing", "package dev.starfish.api;\npublic class NewerThing {\n"
                        + "  public static void call() { }\n}\n")
                .omit("dev.starfish.api.NewerThing")
                .buildInto(tmp, "newer.jar");
        assertThat(LintRun.lines(jar)).containsExactly("newer.jar: error: job NewerJob needs class "
                + "dev.starfish.api.NewerThing (first referred to by fixture.nw.NewerJob), which is in a package the host "
                + "shares but this host does not have, so running the job fails with NoClassDefFoundError: "
                + "dev/starfish/api/NewerThing: build the jar against the plugin API this Starfish provides ("
                + dev.starfish.api.PluginApi.VERSION + ") and the host's PF4J and logging APIs");
    }

    @Test
    void aJobUsingOnlyTheJdkThePluginApiAndItsOwnClassesHasNoFinding() {
        Path jar = new PluginJarBuilder(tmp, "clean")
                .job("fixture.cl.CleanJob", LintRun.job("fixture.cl", "CleanJob",
                        "new Helper().run(c.log()); java.util.List<java.sql.Date> d = new java.util.ArrayList<>();\n"
                        // jdk.compiler is defined to the application loader, yet the platform loader loads it
                        + "Object kind = com.sun.source.tree.Tree.Kind.CLASS;"))
                .source("fixture.cl.Helper", "package fixture.cl;\nclass Helper {\n  void run(org.apache.logging.log4j"
                        + ".Logger log) { log.info(java.beans.Introspector.decapitalize(\"X\")); Runnable r = () -> { };"
                        + " r.run(); }\n}\n")
                .buildInto(tmp, "clean.jar");
        assertThat(LintRun.lines(jar)).isEmpty();
    }
}
