package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginRejectList;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every resource lookup order of a job loader, for both {@code getResource} and {@code getResources}. */
class JobClassLoaderTest {

    private static final String SERVICES = "META-INF/services/java.nio.file.spi.FileSystemProvider";

    @TempDir
    Path tmp;

    /** A plugin that bundles its own copies of a host-shared class, a JDK class and a JDK service file. */
    private JobRegistry registry() {
        new PluginJarBuilder(tmp, "res")
                .job("fixture.res.ResJob", PluginJarBuilder.inProcessJob("fixture.res", "ResJob", "", "1"))
                .entry("fixture/resource.txt", "mine")
                .entry("dev/starfish/api/Job.class", "not the API")
                .entry("java/lang/Object.class", "not the JDK")
                .entry("META-INF/services/java.nio.file.spi.FileSystemProvider", "fixture.res.NoSuchProvider\n")
                .buildInto(tmp.resolve("plugins"), "res.jar");
        return JobRegistry.forDirectory(tmp.resolve("plugins"), PluginRejectList.none()).loadAllJobs();
    }

    private static List<URL> all(ClassLoader loader, String name) throws IOException {
        return Collections.list(loader.getResources(name));
    }

    private static void assertGetResourceIsTheFirstOfGetResources(ClassLoader loader, String name) throws IOException {
        List<URL> all = all(loader, name);
        assertThat(loader.getResource(name)).as("getResource(%s) is the first of getResources", name)
                .isEqualTo(all.isEmpty() ? null : all.get(0));
    }

    @Test
    void aHostSharedPackagesResourceComesFromTheHostOnly() throws IOException {
        try (JobRegistry registry = registry()) {
            ClassLoader loader = registry.registered("ResJob").plugin().loader();
            URL host = JobClassLoaderTest.class.getClassLoader().getResource("dev/starfish/api/Job.class");
            assertThat(all(loader, "dev/starfish/api/Job.class")).as("the plugin's copy is never seen").containsExactly(host);
            assertGetResourceIsTheFirstOfGetResources(loader, "dev/starfish/api/Job.class");
        }
    }

    @Test
    void aPluginResourceComesFromThePluginsJar() throws IOException {
        try (JobRegistry registry = registry()) {
            ClassLoader loader = registry.registered("ResJob").plugin().loader();
            assertThat(all(loader, "fixture/resource.txt")).singleElement().asString().contains("res.jar!/fixture/resource.txt");
            assertGetResourceIsTheFirstOfGetResources(loader, "fixture/resource.txt");
        }
    }

    @Test
    void aJdkPackagesResourceComesFromThePlatformOnly() throws IOException {
        try (JobRegistry registry = registry()) {
            ClassLoader loader = registry.registered("ResJob").plugin().loader();
            assertThat(all(loader, "java/lang/Object.class")).as("the plugin's copy is never seen")
                    .singleElement().asString().startsWith("jrt:/java.base/");
            assertGetResourceIsTheFirstOfGetResources(loader, "java/lang/Object.class");
        }
    }

    @Test
    void aResourceOutsideAnyPackageComesFromThePluginFirstThenThePlatform() throws IOException {
        try (JobRegistry registry = registry()) {
            ClassLoader loader = registry.registered("ResJob").plugin().loader();
            List<URL> found = all(loader, SERVICES);
            assertThat(found).hasSize(2);
            assertThat(found.get(0)).asString().contains("res.jar!/" + SERVICES);
            assertThat(found.get(1)).asString().startsWith("jrt:/java.base/");
            assertGetResourceIsTheFirstOfGetResources(loader, SERVICES);
        }
    }

    @Test
    void aPlatformResourceTheJarLacksIsFoundByBothMethods() throws IOException {
        new PluginJarBuilder(tmp, "bare").job("fixture.bare.BareJob",
                PluginJarBuilder.inProcessJob("fixture.bare", "BareJob", "", "1")).buildInto(tmp.resolve("plugins"), "bare.jar");
        try (JobRegistry registry = JobRegistry.forDirectory(tmp.resolve("plugins"), PluginRejectList.none()).loadAllJobs()) {
            ClassLoader loader = registry.registered("BareJob").plugin().loader();
            assertThat(all(loader, SERVICES)).as("getResources falls back like getResource did")
                    .singleElement().asString().startsWith("jrt:/java.base/");
            assertGetResourceIsTheFirstOfGetResources(loader, SERVICES);
        }
    }

    @Test
    void aMissingResourceAndAHostLibrarysResourceAreMissesForBothMethods() throws IOException {
        try (JobRegistry registry = registry()) {
            ClassLoader loader = registry.registered("ResJob").plugin().loader();
            for (String name : List.of("fixture/absent.txt", "picocli/CommandLine.class", "org/apache/logging/log4j/core/Logger.class")) {
                assertThat(all(loader, name)).as(name).isEmpty();
                assertThat(loader.getResource(name)).as(name).isNull();
            }
        }
    }

    /**
     * Two loaders of one jar (a retired registry beside a live one, lint's loader beside the
     * compile's): closing one must not close the jar under the other. {@code
     * URLClassLoader.getResourceAsStream} shares the JDK's cached {@code JarFile} per URL and
     * closes it with the loader, which made the live loader's next class a {@code NoClassDefFoundError}.
     */
    @Test
    void closingOneLoaderOfAJarLeavesAnotherLoaderOfTheSameJarWorking() throws Exception {
        new PluginJarBuilder(tmp, "two")
                .job("fixture.two.TwoJob", PluginJarBuilder.inProcessJob("fixture.two", "TwoJob", "", "1"))
                .source("fixture.two.First", "package fixture.two; public class First {}")
                .source("fixture.two.Second", "package fixture.two; public class Second {}")
                .entry("fixture/two.txt", "two")
                .buildInto(tmp.resolve("plugins"), "two.jar");
        try (JobRegistry live = JobRegistry.forDirectory(tmp.resolve("plugins"), PluginRejectList.none()).loadAllJobs()) {
            ClassLoader kept = live.registered("TwoJob").plugin().loader();
            InputStream openInKept;
            try (JobRegistry retired = JobRegistry.forDirectory(tmp.resolve("plugins"), PluginRejectList.none()).loadAllJobs()) {
                ClassLoader closed = retired.registered("TwoJob").plugin().loader();
                closed.loadClass("fixture.two.First");
                try (InputStream in = closed.getResourceAsStream("fixture/two.txt")) {
                    assertThat(in).isNotNull();
                }
                openInKept = kept.getResourceAsStream("fixture/two.txt");
            }
            try (InputStream in = openInKept) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .as("a stream the live loader opened before the other closed").isEqualTo("two");
            }
            assertThat(kept.loadClass("fixture.two.Second").getClassLoader()).isSameAs(kept);
            assertThat(kept.loadClass("fixture.two.First").getClassLoader()).isSameAs(kept);
        }
    }
}
