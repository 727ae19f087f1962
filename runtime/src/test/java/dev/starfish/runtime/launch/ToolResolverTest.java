package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.ToolNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolResolverTest {

    @TempDir
    Path home;

    private Path privateDir() {
        return home.resolve("starfish/bin/private");
    }

    private Path binDir() {
        return home.resolve("starfish/bin");
    }

    private static Path tool(Path dir, String name, String mode) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void privateToolShadowsShippedTool() throws IOException {
        Path shadowing = tool(privateDir(), "walrus_driver", "rwxr-xr-x");
        tool(binDir(), "walrus_driver", "rwxr-xr-x");

        ResolvedTool found = ToolResolver.forHome(home, Optional.empty()).locate("walrus_driver");

        assertThat(found.path()).as("private/ is searched before bin/").isEqualTo(shadowing);
        assertThat(found.origin().label()).isEqualTo("private");
    }

    @Test
    void shippedToolIsFoundWhenPrivateHasNone() throws IOException {
        Path shipped = tool(binDir(), "hlo2penguin", "rwxr-xr-x");
        Files.createDirectories(privateDir());

        ResolvedTool found = ToolResolver.forHome(home, Optional.empty()).locate("hlo2penguin");

        assertThat(found).isEqualTo(new ResolvedTool(shipped, ToolOrigin.BIN));
    }

    @Test
    void directoryNamedLikeToolIsPassedOver() throws IOException {
        Files.createDirectories(privateDir().resolve("walrus_driver"));
        Path shipped = tool(binDir(), "walrus_driver", "rwxr-xr-x");

        assertThat(ToolResolver.forHome(home, Optional.empty()).resolve("walrus_driver"))
                .as("a directory is not an executable file").isEqualTo(shipped);
    }

    @Test
    void nonExecutableFileIsPassedOver() throws IOException {
        tool(privateDir(), "walrus_driver", "rw-r--r--");
        Path shipped = tool(binDir(), "walrus_driver", "rwxr-xr-x");

        assertThat(ToolResolver.forHome(home, Optional.empty()).resolve("walrus_driver")).isEqualTo(shipped);
    }

    @Test
    void absolutePathIsUsedAsIs() throws IOException {
        Path elsewhere = tool(home.resolve("elsewhere"), "my_tool", "rwxr-xr-x");
        tool(privateDir(), "my_tool", "rwxr-xr-x");

        ResolvedTool found = ToolResolver.forHome(home, Optional.empty()).locate(elsewhere.toString());

        assertThat(found).isEqualTo(new ResolvedTool(elsewhere, ToolOrigin.ABSOLUTE));
    }

    @Test
    void absoluteNonExecutableIsRefusedWithReason() throws IOException {
        Path plain = tool(home.resolve("elsewhere"), "my_tool", "rw-r--r--");

        assertThatThrownBy(() -> ToolResolver.forHome(home, Optional.empty()).resolve(plain.toString()))
                .isInstanceOf(ToolNotFoundException.class)
                .hasMessage("Could not find " + plain + " (expected an executable regular file, found a file without"
                        + " execute permission)");
    }

    @Test
    void absoluteDirectoryAndMissingFileAreRefused() throws IOException {
        ToolResolver resolver = ToolResolver.forHome(home, Optional.empty());
        Files.createDirectories(home.resolve("adir"));

        assertThatThrownBy(() -> resolver.resolve(home.resolve("adir").toString()))
                .isInstanceOf(ToolNotFoundException.class).hasMessageEndingWith("found a directory)");
        assertThatThrownBy(() -> resolver.resolve(home.resolve("missing").toString()))
                .isInstanceOf(ToolNotFoundException.class).hasMessageEndingWith("(no such file)");
    }

    @Test
    void missingToolMessageNamesSearchedDirectories() {
        assertThatThrownBy(() -> ToolResolver.forHome(home, Optional.empty()).resolve("nn_executor"))
                .isInstanceOf(ToolNotFoundException.class)
                .hasMessage("Could not find nn_executor (searched: " + privateDir() + ", " + binDir() + ")");
    }

    @Test
    void relativePathsWithSlashAreRefused() {
        ToolResolver resolver = ToolResolver.forHome(home, Optional.empty());

        assertThatThrownBy(() -> resolver.resolve("../x")).isInstanceOf(InvalidInputException.class)
                .isNotInstanceOf(ToolNotFoundException.class)
                .hasMessageContaining("tool name '../x' is a relative path");
        assertThatThrownBy(() -> resolver.resolve("a/b")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("tool name 'a/b' is a relative path");
        assertThatThrownBy(() -> resolver.resolve("")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void pluginDirIsSearchedBetweenPrivateAndBin() throws IOException {
        Path pluginDir = home.resolve("plugins-work/walrus/tools");
        Path pluginTool = tool(pluginDir, "walrus_driver", "rwxr-xr-x");
        tool(binDir(), "walrus_driver", "rwxr-xr-x");
        tool(binDir(), "hlo2penguin", "rwxr-xr-x");
        Path privateTool = tool(privateDir(), "hlo2penguin", "rwxr-xr-x");
        ToolResolver resolver = ToolResolver.forHome(home, Optional.of(pluginDir));

        assertThat(resolver.searchPath()).containsExactly(privateDir(), pluginDir, binDir());
        assertThat(resolver.locate("walrus_driver")).isEqualTo(new ResolvedTool(pluginTool, ToolOrigin.PLUGIN));
        assertThat(resolver.locate("hlo2penguin")).isEqualTo(new ResolvedTool(privateTool, ToolOrigin.PRIVATE));
    }

    @Test
    void withPluginToolsDirReplacesThePluginDirectory() {
        Path first = home.resolve("p1");
        Path second = home.resolve("p2");
        ToolResolver resolver = ToolResolver.forHome(home, Optional.of(first));

        assertThat(resolver.withPluginToolsDir(Optional.of(second)).searchPath())
                .containsExactly(privateDir(), second, binDir());
        assertThat(resolver.withPluginToolsDir(Optional.empty()).searchPath()).containsExactly(privateDir(), binDir());
    }

    @Test
    void aToolOfAnotherOwnerIsRefusedRatherThanPassedOver() throws IOException {
        Path planted = tool(privateDir(), "walrus_driver", "rwxr-xr-x");
        tool(binDir(), "walrus_driver", "rwxr-xr-x");
        Files.setOwner(planted, planted.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));

        assertThatThrownBy(() -> ToolResolver.forHome(home, Optional.empty()).locate("walrus_driver"))
                .isInstanceOf(UntrustedToolException.class)
                .hasMessage("tool " + planted + " (owner nobody, uid 65534, mode 0755) is refused: it is owned by "
                        + "neither the user running Starfish (uid 0) nor root; fix with chown root " + planted);
    }

    @Test
    void aToolInAGroupWritableDirectoryAndAGroupWritableAbsoluteToolAreRefused() throws IOException {
        Path shipped = tool(binDir(), "hlo2penguin", "rwxr-xr-x");
        Files.setPosixFilePermissions(binDir(), PosixFilePermissions.fromString("rwxrwxr-x"));
        Path absolute = tool(home.resolve("elsewhere"), "t", "rwxrwxr-x");
        ToolResolver resolver = ToolResolver.forHome(home, Optional.empty());

        assertThatThrownBy(() -> resolver.locate("hlo2penguin")).isInstanceOf(UntrustedToolException.class)
                .hasMessage("tool " + shipped + " is refused: its tool directory " + binDir() + " (owner root, uid 0, "
                        + "mode 0775) is group-writable, so others could add or replace tools; fix with chmod go-w "
                        + binDir().toRealPath());
        assertThatThrownBy(() -> resolver.locate(absolute.toString())).isInstanceOf(UntrustedToolException.class)
                .hasMessageContaining("(owner root, uid 0, mode 0775) is refused: it is group-writable");
    }
}
