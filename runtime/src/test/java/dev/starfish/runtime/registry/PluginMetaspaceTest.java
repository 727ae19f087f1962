package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginRejectList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginMetaspaceTest {

    @TempDir
    Path tmp;

    @Test
    void anOpenedPluginLoaderIsReportedWithItsClassesAndMetaspace() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("plugins"));
        new PluginJarBuilder(tmp, "alpha")
                .job("fixture.alpha.AlphaJob", PluginJarBuilder.inProcessJob("fixture.alpha", "AlphaJob", "", "\"a\""))
                .buildInto(dir, "alpha.jar");
        try (JobRegistry registry = JobRegistry.forDirectory(dir, PluginRejectList.none()).loadAllJobs()) {
            registry.job("AlphaJob");
            assertThat(PluginMetaspace.perPlugin()).anySatisfy(line ->
                    assertThat(line).matches("plugin alpha: \\d+ classes, [\\d.]+ [KMG]?B metaspace"));
        }
    }
}
