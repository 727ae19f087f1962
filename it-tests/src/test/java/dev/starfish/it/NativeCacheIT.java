package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Finding 3: the native-library cache loads only what it verified, from directories only the
 * user can write. A second user, mallory, plants same-size impostors of {@code libpenguin.so}
 * ({@link PlantedLibrary}: loading one leaves a marker) in a cache root she owns or can write;
 * in the user's own cache the user's files are swapped for an impostor and a symbolic link.
 */
@ContainerSuite
class NativeCacheIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String MALLORY = "mallory";
    private static final String IMPOSTOR = "/tmp/impostor/libpenguin.so";

    @TempDir
    Path scratch;

    @Test
    void aCacheRootOwnedByAnotherUserIsNotUsedAndNothingPlantedThereIsLoaded() {
        try (StarfishContainer container = startedWithMallory()) {
            String shared = "/tmp/team-cache";
            plantImpostors(container, populateAsMallory(container, shared));
            String mallory = container.shell("id -u " + MALLORY).getStdout().trim();

            assertUserCompileSkips(container, shared, "is owned by uid " + mallory
                    + ", not by the current user (uid 1000); not using it.");
        }
    }

    @Test
    void aCacheRootWritableByOthersIsNotUsedAndNothingPlantedThereIsLoaded() {
        try (StarfishContainer container = startedWithMallory()) {
            String open = "/tmp/open-cache";
            ExecResult shared = container.shell("mkdir -p " + open + "/native && chmod 777 " + open + "/native");
            assertThat(shared.getExitCode()).as("user opens a cache root to everyone:\n%s", describe(shared)).isZero();
            populateAsMallory(container, "/tmp/mallory-cache");
            ExecResult copied = container.shellAs(MALLORY, "cp -r /tmp/mallory-cache/native/. " + open + "/native/");
            assertThat(copied.getExitCode()).as("mallory fills user's open cache root:\n%s", describe(copied)).isZero();
            plantImpostors(container, libraries(container, open));

            assertUserCompileSkips(container, open, "is writable by group or others (mode rwxrwxrwx); not using it.");
        }
    }

    @Test
    void aSameSizeImpostorAndASymbolicLinkInTheUsersOwnCacheAreReplacedBeforeUse() {
        // the one-shot driver's extraction, which checks every cached file before it maps it; a warm server
        // that mapped a library before it changed loads its plugins afresh instead (ServerNativeTamperIT)
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)
                .withEnv("STARFISH_SERVER", "off")) {
            container.start();
            compile(container, "", "first");
            List<String> cached = libraries(container, StarfishContainer.USER_HOME + "/.cache/starfish");
            String swapped = only(cached, "/native/frontend/");
            String linked = only(cached, "/native/kelper/");
            putImpostor(container, swapped);
            ExecResult tamper = container.shell("cp " + IMPOSTOR + " " + swapped + " && ln -sf " + IMPOSTOR + " "
                    + linked);
            assertThat(tamper.getExitCode()).as("the user's cached libraries are tampered with:\n%s", describe(tamper))
                    .isZero();
            String impostorSha = sha256(container, IMPOSTOR);

            ExecResult second = compile(container, "", "second");
            assertThat(second.getStderr().lines().filter(l -> l.contains(swapped)).toList())
                    .as("one warning names the impostor, its expected and its found hash").containsExactly("WARN  "
                            + "[Frontend] Cached native file " + swapped + " does not match its content hash (expected"
                            + " sha256 " + hashDirectory(swapped) + ", found " + impostorSha + "); replacing it with"
                            + " the plugin's own copy");
            assertThat(second.getStderr().lines().filter(l -> l.contains(linked)).toList())
                    .as("one warning names the symbolic link and its target").containsExactly("WARN  [Kelper] Cached"
                            + " native file " + linked + " is a symbolic link (to " + IMPOSTOR + "), expected a"
                            + " regular file; replacing it with the plugin's own copy");
            for (String library : List.of(swapped, linked)) {
                assertThat(container.shell("test -f " + library + " && test ! -L " + library).getExitCode())
                        .as("%s is a regular file again", library).isZero();
                assertThat(sha256(container, library)).as("%s holds the content its directory is named by", library)
                        .isEqualTo(hashDirectory(library));
            }
            assertThat(sha256(container, IMPOSTOR)).as("the link's target was not written through the link")
                    .isEqualTo(impostorSha);
            assertNeverLoaded(container);
        }
    }

    /** A started container with the second user; closed again when that fails. */
    private static StarfishContainer startedWithMallory() {
        StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT);
        try {
            container.start();
            container.addUser(MALLORY);
            return container;
        } catch (RuntimeException e) {
            container.close();
            throw e;
        }
    }

    /** Mallory compiles with {@code STARFISH_CACHE_DIR=dir}, which fills it; returns her cached libraries. */
    private static List<String> populateAsMallory(StarfishContainer container, String dir) {
        ExecResult populated = container.shellAs(MALLORY, "mkdir -p " + dir + " && cd && STARFISH_CACHE_DIR=" + dir
                + " " + StarfishContainer.STARFISH + " compile " + MLP + " --output m.neff --workdir m.work"
                + " && chmod -R a+rX " + dir);
        assertThat(populated.getExitCode()).as("mallory fills the cache %s with a compile of her own:\n%s", dir,
                describe(populated)).isZero();
        return libraries(container, dir);
    }

    /** As mallory, overwrites each library with a same-size impostor; proves an impostor leaves its marker. */
    private void plantImpostors(StarfishContainer container, List<String> libraries) {
        putImpostor(container, libraries.get(0));
        for (String library : libraries) {
            ExecResult planted = container.shellAs(MALLORY, "cp " + IMPOSTOR + " " + library);
            assertThat(planted.getExitCode()).as("mallory plants an impostor at %s:\n%s", library, describe(planted))
                    .isZero();
        }
        ExecResult control = container.shellAs(MALLORY, "LD_PRELOAD=" + libraries.get(0) + " /bin/true && cat "
                + PlantedLibrary.marker("$(id -u)"));
        assertThat(control.getStdout()).as("control: loading a planted impostor leaves its marker:\n%s",
                describe(control)).startsWith("loaded by pid ");
    }

    /** Puts an impostor of {@code library}'s size at {@value #IMPOSTOR}, readable by everyone. */
    private void putImpostor(StarfishContainer container, String library) {
        int size = Integer.parseInt(container.rootExec("stat", "-c", "%s", library).getStdout().trim());
        container.rootExec("mkdir", "-p", "/tmp/impostor");
        container.putFile(IMPOSTOR, PlantedLibrary.build(scratch, size), 0644);
    }

    /**
     * User's compile with {@code STARFISH_CACHE_DIR=dir} succeeds, warns once that {@code dir/native}
     * is not used and why, and neither loads nor changes anything in it.
     */
    private static void assertUserCompileSkips(StarfishContainer container, String dir, String why) {
        String before = snapshot(container, dir);
        ExecResult result = compile(container, "STARFISH_CACHE_DIR=" + dir, "user");
        assertThat(result.getStderr().lines().filter(l -> l.contains("native-library cache")).toList())
                .as("one warning names the refused cache root and why").singleElement().asString()
                .contains("The native-library cache " + dir + "/native " + why);
        assertThat(snapshot(container, dir)).as("nothing in %s was replaced, added or changed", dir)
                .isEqualTo(before);
        assertNeverLoaded(container);
        stopServer(container);
        assertThat(container.rootExec("find", "/tmp", "-maxdepth", "1", "-user", "user", "-name", "starfish-native-*")
                .getStdout()).as("the private temporary cache that served the run is deleted when the driver that used"
                + " it exits (the one-shot JVM, or the server once stopped)").isEmpty();
    }

    /** Through the resident server (the default): stops user's server and waits until it has exited. */
    private static void stopServer(StarfishContainer container) {
        // the pattern's brackets keep pgrep from finding this very shell, whose arguments hold the pattern
        String server = "'dev[.]starfish[.]runtime[.]server[.]ServerMain'";
        // `server stop` waits for a server still being started; then each of its processes is waited for
        ExecResult stopped = container.shell(StarfishContainer.STARFISH + " server stop; for pid in $(pgrep -u user -f "
                + server + "); do timeout 10 tail --pid=$pid -f /dev/null; done; ! pgrep -u user -f " + server
                + " || { ps -u user -o pid,args; ls -l /tmp/starfish-1000; cat /tmp/starfish-1000/*.log; false; }");
        assertThat(stopped.getExitCode()).as("user's server, if any, stopped:\n%s", describe(stopped)).isZero();
    }

    /**
     * Compiles mlp.hlo as user without the compile cache (so the jobs run and load their libraries),
     * with optional environment assignments; asserts it succeeds with a valid NEFF.
     */
    private static ExecResult compile(StarfishContainer container, String environment, String name) {
        String neff = StarfishContainer.USER_HOME + "/" + name + ".neff";
        ExecResult result = container.shell(environment + " " + StarfishContainer.STARFISH + " compile --no-cache " + MLP
                + " --output " + neff + " --workdir " + name + ".work");
        assertThat(result.getExitCode()).as("compile %s succeeds:\n%s", name, describe(result)).isZero();
        new NeffFile(name + ".neff", container.readFile(neff)).assertManifestMatchesContent();
        return result;
    }

    private static void assertNeverLoaded(StarfishContainer container) {
        ExecResult marker = container.shell("test -e " + PlantedLibrary.marker("$(id -u)"));
        assertThat(marker.getExitCode()).as("no process of user ever loaded a planted impostor").isNotZero();
    }

    private static List<String> libraries(StarfishContainer container, String dir) {
        List<String> found = container.rootExec("find", dir, "-name", "libpenguin.so").getStdout().lines().sorted()
                .toList();
        assertThat(found).as("the cache under %s holds libpenguin.so of Frontend and Kelper", dir).hasSize(2);
        return found;
    }

    private static String only(List<String> paths, String part) {
        return paths.stream().filter(p -> p.contains(part)).findFirst().orElseThrow(() ->
                new AssertionError("no cached library under " + part + " in " + paths));
    }

    private static String hashDirectory(String library) {
        return Path.of(library).getParent().getFileName().toString();
    }

    private static String sha256(StarfishContainer container, String file) {
        return container.rootExec("sha256sum", file).getStdout().split(" ")[0];
    }

    /** Every entry under {@code dir} with inode, size, owner, mode and mtime, and every file's SHA-256. */
    /** Everything below {@code dir/native} (the refused cache), with inode, size, owner, mode, mtime and content. */
    private static String snapshot(StarfishContainer container, String dir) {
        String nativeDir = dir + "/native";
        return container.rootShell("find " + nativeDir + " -printf '%p %i %s %U %m %T@\\n' | sort && find " + nativeDir
                + " -type f -exec sha256sum {} + | sort").getStdout();
    }
}
