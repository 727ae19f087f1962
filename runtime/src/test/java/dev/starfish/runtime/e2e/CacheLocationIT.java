package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the caches live without {@code STARFISH_CACHE_DIR}: {@code $XDG_CACHE_HOME/starfish}, else
 * {@code $HOME/.cache/starfish} (the environment's home, not the password database's), for the
 * compile cache and the native-library cache alike.
 */
class CacheLocationIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void theCachesFollowHomeFromTheEnvironment() throws Exception {
        Path home = Files.createDirectory(cwd.resolve("home"));
        Map<String, String> env = Map.of("STARFISH_CACHE_DIR", "", "XDG_CACHE_HOME", "", "HOME", home.toString());
        compile(env);
        assertThat(home.resolve(".cache/starfish/compile")).isDirectory();
        assertThat(home.resolve(".cache/starfish/native")).as("the JNI library of Frontend's plugin").isDirectory();
        assertThat(cacheInfoDirectory(env)).isEqualTo(home.resolve(".cache/starfish/compile").toString());
    }

    @Test
    void xdgCacheHomeComesBeforeHome() throws Exception {
        Path home = Files.createDirectory(cwd.resolve("home"));
        Path xdg = Files.createDirectory(cwd.resolve("xdg"));
        Map<String, String> env = Map.of("STARFISH_CACHE_DIR", "", "XDG_CACHE_HOME", xdg.toString(),
                "HOME", home.toString());
        compile(env);
        assertThat(xdg.resolve("starfish/compile")).isDirectory();
        assertThat(xdg.resolve("starfish/native")).isDirectory();
        assertThat(home.resolve(".cache")).as("nothing under HOME").doesNotExist();
        assertThat(cacheInfoDirectory(env)).isEqualTo(xdg.resolve("starfish/compile").toString());
    }

    private void compile(Map<String, String> env) throws Exception {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, env, "compile", model.toString(), "-q");
        assertThat(run.exitCode()).as("%s", run).isZero();
    }

    private String cacheInfoDirectory(Map<String, String> env) throws Exception {
        AssembledDistribution.Run info = dist.run(cwd, env, "cache", "info", "--json");
        assertThat(info.exitCode()).as("%s", info).isZero();
        return new ObjectMapper().readTree(info.stdout()).get("directory").asText();
    }
}
