package dev.starfish.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins.path} as read from a real {@code conf/starfish.properties}, and the user's directory from the request's environment. */
class PluginPathTest {

    @TempDir
    Path tmp;

    private StarfishHome home() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("home"));
        Files.createDirectories(root.resolve("conf"));
        return new StarfishHome(root);
    }

    private static StarfishProperties conf(StarfishHome home, String text) throws IOException {
        Path file = home.confDir().resolve("starfish.properties");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return StarfishProperties.load(file);
    }

    /** An environment whose user directory is absent: XDG_DATA_HOME names an empty scratch directory. */
    private Map<String, String> noUserDir() {
        return Map.of("XDG_DATA_HOME", tmp.resolve("nodata").toString());
    }

    @Test
    void unsetIsTheInstallationsPluginsDirectory() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, "rejected.jobs=\n"), noUserDir(), null);
        assertThat(path.directories()).containsExactly(
                new PluginPath.Directory(home.pluginsDir(), PluginPath.Origin.INSTALLATION));
        assertThat(PluginPath.resolve(home, conf(home, "plugins.path=  \n"), noUserDir(), null).paths())
                .as("blank is unset, as for every setting").containsExactly(home.pluginsDir());
    }

    @Test
    void entriesAreReadInOrderSeparatedByCommas() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=/opt/site, plugins ,/srv/more\n"),
                noUserDir(), null);
        assertThat(path.paths()).containsExactly(Path.of("/opt/site"), home.pluginsDir(), Path.of("/srv/more"));
        assertThat(path.directories()).extracting(PluginPath.Directory::origin).containsOnly(PluginPath.Origin.CONF);
    }

    @Test
    void relativeEntriesResolveAgainstTheInstallationNotTheWorkingDirectory() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=site/plugins,../shared\n"), noUserDir(), null);
        assertThat(path.paths()).containsExactly(home.root().resolve("site/plugins"), tmp.resolve("shared"));
    }

    @Test
    void emptyEntriesAreIgnored() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=,/a,, ,/b,\n"), noUserDir(), null);
        assertThat(path.paths()).containsExactly(Path.of("/a"), Path.of("/b"));
    }

    @Test
    void aValueNamingNoDirectoryIsRefusedNamingTheFileTheKeyAndTheValue() throws IOException {
        StarfishHome home = home();
        StarfishProperties properties = conf(home, "plugins.path=, ,\n");
        assertThatThrownBy(() -> PluginPath.resolve(home, properties, noUserDir(), null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(properties.source() + ": plugins.path expects directories separated by commas (absolute, or "
                        + "relative to " + home.root() + "), found ', ,': it names no directory");
    }

    @Test
    void aTildeIsRefusedRatherThanReadAsADirectoryNamedTilde() throws IOException {
        StarfishHome home = home();
        StarfishProperties properties = conf(home, "plugins.path=/a,~/plugins\n");
        assertThatThrownBy(() -> PluginPath.resolve(home, properties, noUserDir(), null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(properties.source() + ": plugins.path expects directories separated by commas (absolute, or "
                        + "relative to " + home.root() + "), found '/a,~/plugins': '~/plugins' starts with ~, which is "
                        + "not expanded: write the directory's absolute path");
    }

    @Test
    void aDirectoryListedTwiceIsRefused() throws IOException {
        StarfishHome home = home();
        StarfishProperties properties = conf(home, "plugins.path=plugins," + home.root() + "/plugins/\n");
        assertThatThrownBy(() -> PluginPath.resolve(home, properties, noUserDir(), null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("it lists " + home.pluginsDir() + " twice");
    }

    @Test
    void theUsersDirectoryComesLastWhenItExists() throws IOException {
        StarfishHome home = home();
        Path user = Files.createDirectories(tmp.resolve("data/starfish/plugins"));
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=/opt/site\n"),
                Map.of("XDG_DATA_HOME", tmp.resolve("data").toString(), "HOME", "/nonexistent"), null);
        assertThat(path.directories()).containsExactly(
                new PluginPath.Directory(Path.of("/opt/site"), PluginPath.Origin.CONF),
                new PluginPath.Directory(user, PluginPath.Origin.USER));
        assertThat(path.absentUserDirectory()).isEmpty();
    }

    @Test
    void withoutXdgDataHomeTheUsersDirectoryIsUnderHomeLocalShare() throws IOException {
        StarfishHome home = home();
        Path user = Files.createDirectories(tmp.resolve("h/.local/share/starfish/plugins"));
        for (Map<String, String> env : List.of(Map.of("HOME", tmp.resolve("h").toString()),
                Map.of("HOME", tmp.resolve("h").toString(), "XDG_DATA_HOME", "relative/is/ignored"))) {
            assertThat(PluginPath.resolve(home, conf(home, ""), env, null).paths()).as("%s", env)
                    .containsExactly(home.pluginsDir(), user);
        }
    }

    @Test
    void withNeitherXdgDataHomeNorHomeThereIsNoUserDirectoryNotEvenTheJvmsHome() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, ""), Map.of("XDG_DATA_HOME", "", "HOME", "rel"), null);
        assertThat(path.paths()).containsExactly(home.pluginsDir());
        assertThat(path.absentUserDirectory()).isEmpty();
    }

    @Test
    void anAbsentUserDirectoryIsSkippedSilentlyAndWatched() throws IOException {
        StarfishHome home = home();
        PluginPath path = PluginPath.resolve(home, conf(home, ""), noUserDir(), null);
        assertThat(path.paths()).containsExactly(home.pluginsDir());
        assertThat(path.absentUserDirectory()).contains(tmp.resolve("nodata/starfish/plugins"));
        assertThat(path.watched()).containsExactly(home.pluginsDir(), tmp.resolve("nodata/starfish/plugins"));
    }

    @Test
    void theUsersDirectoryIsNotAddedTwiceWhenTheConfigurationListsItAlready() throws IOException {
        StarfishHome home = home();
        Path user = Files.createDirectories(tmp.resolve("data/starfish/plugins"));
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=plugins," + user + "\n"),
                Map.of("XDG_DATA_HOME", tmp.resolve("data").toString()), null);
        assertThat(path.paths()).containsExactly(home.pluginsDir(), user);
        assertThat(path.directories().get(1).origin()).isEqualTo(PluginPath.Origin.CONF);
    }

    @Test
    void pluginsDirReplacesThePathAndTheUsersDirectory() throws IOException {
        StarfishHome home = home();
        Files.createDirectories(tmp.resolve("data/starfish/plugins"));
        PluginPath path = PluginPath.resolve(home, conf(home, "plugins.path=/opt/site\n"),
                Map.of("XDG_DATA_HOME", tmp.resolve("data").toString()), Path.of("/mine"));
        assertThat(path.directories()).containsExactly(
                new PluginPath.Directory(Path.of("/mine"), PluginPath.Origin.COMMAND_LINE));
        assertThat(path.absentUserDirectory()).isEqualTo(Optional.empty());
    }

    @Test
    void aMissingConfiguredDirectoryIsAnErrorNamingTheSetting() throws IOException {
        StarfishHome home = home();
        Files.createDirectories(home.pluginsDir());
        StarfishProperties properties = conf(home, "plugins.path=plugins,/nonexistent/site\n");
        PluginPath path = PluginPath.resolve(home, properties, noUserDir(), null);
        assertThatThrownBy(() -> path.requireDirectories(home, properties.source()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("plugins directory /nonexistent/site does not exist; check plugins.path in "
                        + properties.source());
    }

    @Test
    void aUserDirectoryThatIsAFileIsAnErrorSayingWhatItIs() throws IOException {
        StarfishHome home = home();
        Files.createDirectories(home.pluginsDir());
        Path file = tmp.resolve("data/starfish/plugins");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "not a directory");
        StarfishProperties properties = conf(home, "");
        PluginPath path = PluginPath.resolve(home, properties, Map.of("XDG_DATA_HOME", tmp.resolve("data").toString()),
                null);
        assertThatThrownBy(() -> path.requireDirectories(home, properties.source()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("plugins directory " + file + " is not a directory; it is your own plugins directory "
                        + "($XDG_DATA_HOME/starfish/plugins, else ~/.local/share/starfish/plugins): make it a directory, "
                        + "or remove it");
    }

    @Test
    void twoEntriesThatAreOneDirectoryThroughALinkAreAnError() throws IOException {
        StarfishHome home = home();
        Files.createDirectories(home.pluginsDir());
        Path link = Files.createSymbolicLink(tmp.resolve("alias"), home.pluginsDir());
        StarfishProperties properties = conf(home, "plugins.path=plugins," + link + "\n");
        PluginPath path = PluginPath.resolve(home, properties, noUserDir(), null);
        assertThatThrownBy(() -> path.requireDirectories(home, properties.source()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("plugins directories " + home.pluginsDir() + " and " + link + " are one directory");
    }

    @Test
    void jarsAreNamedByFileNameOnAPathOfOneDirectoryElseByTheirWholePath() throws IOException {
        StarfishHome home = home();
        Files.createDirectories(tmp.resolve("data/starfish/plugins"));
        Path jar = home.pluginsDir().resolve("a.jar");
        assertThat(PluginPath.resolve(home, conf(home, ""), noUserDir(), null).nameOf(jar)).isEqualTo("a.jar");
        assertThat(PluginPath.resolve(home, conf(home, ""), Map.of("XDG_DATA_HOME", tmp.resolve("data").toString()),
                null).nameOf(jar)).isEqualTo(jar.toString());
    }
}
