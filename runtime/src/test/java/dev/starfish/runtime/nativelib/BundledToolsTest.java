package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ToolNotFoundException;
import dev.starfish.runtime.launch.ResolvedTool;
import dev.starfish.runtime.launch.ToolOrigin;
import dev.starfish.runtime.launch.ToolResolver;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plugin's bundled tools: private → the plugin's own → bin, visible to that plugin only. */
class BundledToolsTest {

    @TempDir
    Path tmp;

    private static final byte[] SCRIPT = "#!/bin/sh\necho bundled\n".getBytes(StandardCharsets.UTF_8);

    private JobRegistry registryWithBundler() {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "bundler")
                .job("fixture.b.BundlerJob", PluginJarBuilder.inProcessJob("fixture.b", "BundlerJob", "", "1"))
                .entry("native/linux-x86_64/bin/mytool", SCRIPT)
                .entry("native/linux-x86_64/bin/shipped", SCRIPT)
                .buildInto(dir, "bundler.jar");
        new PluginJarBuilder(tmp, "plain")
                .job("fixture.p.PlainJob", PluginJarBuilder.inProcessJob("fixture.p", "PlainJob", "", "1"))
                .buildInto(dir, "plain.jar");
        return JobRegistry.forDirectory(dir, PluginRejectList.none(), NativeSettings.plain(tmp.resolve("cache")))
                .loadAllJobs();
    }

    private Path home() throws IOException {
        Path home = tmp.resolve("home");
        for (String dir : new String[] {"starfish/bin/private", "starfish/bin"}) {
            Files.createDirectories(home.resolve(dir));
        }
        return home;
    }

    private static void executable(Path file) throws IOException {
        Files.write(file, SCRIPT);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aBundledToolIsExtractedExecutableAndResolvesBetweenPrivateAndBin() throws IOException {
        Path home = home();
        executable(home.resolve("starfish/bin/shipped"));
        try (JobRegistry registry = registryWithBundler()) {
            Optional<Path> tools = registry.registered("BundlerJob").plugin().loader().bundledToolsDir();
            assertThat(tools).isPresent();
            assertThat(tools.get().resolve("mytool")).isExecutable();
            ToolResolver resolver = ToolResolver.forHome(home, tools);

            ResolvedTool mytool = resolver.locate("mytool");
            assertThat(mytool.origin()).isEqualTo(ToolOrigin.PLUGIN);
            assertThat(resolver.locate("shipped").origin()).as("the plugin's copy beats starfish/bin")
                    .isEqualTo(ToolOrigin.PLUGIN);

            executable(home.resolve("starfish/bin/private/mytool"));
            assertThat(resolver.locate("mytool").origin()).as("the operator's private override still wins")
                    .isEqualTo(ToolOrigin.PRIVATE);
        }
    }

    @Test
    void aPluginsBundledToolIsInvisibleToOtherPlugins() throws IOException {
        Path home = home();
        try (JobRegistry registry = registryWithBundler()) {
            assertThat(registry.registered("PlainJob").plugin().loader().bundledToolsDir()).isEmpty();
            ToolResolver plain = ToolResolver.forHome(home, registry.registered("PlainJob").plugin().loader().bundledToolsDir());
            assertThatThrownBy(() -> plain.resolve("mytool")).isInstanceOf(ToolNotFoundException.class)
                    .hasMessageStartingWith("Could not find mytool");
        }
    }
}
