package dev.starfish.runtime.cds;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/** The class list that lets -Xshare:dump archive the plugins' classes, from a class-load log. */
class PluginClassListTest {

    private static final List<String> BUILTIN = List.of("# a comment", "java/lang/Object", "java/lang/Runnable",
            "java/lang/Object", "@lambda-proxy a/B run ()V", "dev/starfish/api/InProcessJob");

    @TempDir
    Path tmp;

    @Test
    void pluginClassesFollowTheBuiltinOnesWithTheIdsOfTheirSuperClassAndInterfaces() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path jar = jar(plugins.resolve("a.jar"), type("p/Sub", "p/Base"), type("p/Base", "java/lang/Object", "java/lang/Runnable"),
                type("p/Job", "dev/starfish/api/InProcessJob"));

        List<String> list = PluginClassList.merge(BUILTIN, List.of(
                logLine("p.Sub", jar), logLine("p.Base", jar), logLine("p.Job", jar),
                "[0.1s][info][class,load] java.lang.String source: shared objects file"), plugins);

        assertThat(list).containsExactly(
                "java/lang/Object id: 0", "java/lang/Runnable id: 1", "dev/starfish/api/InProcessJob id: 2",
                "p/Base id: 3 super: 0 interfaces: 1 source: " + jar,
                "p/Job id: 4 super: 2 source: " + jar,
                "p/Sub id: 5 super: 3 source: " + jar,
                "@lambda-proxy a/B run ()V");
    }

    @Test
    void aNameIsListedOnceAndAClassWhoseOwnSuperClassIsNotListedIsLeftOut() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path first = jar(plugins.resolve("first.jar"), type("lib/Shared", "java/lang/Object"));
        // the second plugin bundles its own lib/Shared: only one loader may take an archived class
        Path second = jar(plugins.resolve("second.jar"), type("lib/Shared", "java/lang/Object"),
                type("q/User", "lib/Shared"), type("q/Orphan", "q/NeverLoaded"), type("q/Plain", "java/lang/Object"));

        List<String> list = PluginClassList.merge(BUILTIN, List.of(logLine("lib.Shared", first),
                logLine("lib.Shared", second), logLine("q.User", second), logLine("q.Orphan", second),
                logLine("q.Plain", second)), plugins);

        assertThat(list).filteredOn(l -> l.contains(" source: ")).containsExactly(
                "lib/Shared id: 3 super: 0 source: " + first,
                "q/Plain id: 4 super: 0 source: " + second);
    }

    @Test
    void classesOfJarsOutsideThePluginsDirectoryAreNotPluginClasses() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path elsewhere = jar(tmp.resolve("lib.jar"), type("h/Host", "java/lang/Object"));
        Path sibling = jar(Files.createDirectories(tmp.resolve("plugins-old")).resolve("x.jar"), type("h/Old", "java/lang/Object"));

        List<String> list = PluginClassList.merge(BUILTIN, List.of(logLine("h.Host", elsewhere), logLine("h.Old", sibling)),
                plugins);

        assertThat(list).noneMatch(l -> l.contains(" source: "));
    }

    @Test
    void aJarGoneOrChangedSinceTheRunIsLeftOutWithoutFailingTheRest() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path kept = jar(plugins.resolve("kept.jar"), type("k/Kept", "java/lang/Object"));
        Path changed = jar(plugins.resolve("changed.jar"), type("c/Other", "java/lang/Object"));
        Path garbage = Files.writeString(plugins.resolve("garbage.jar"), "not a zip");

        List<String> list = PluginClassList.merge(BUILTIN, List.of(logLine("g.Gone", plugins.resolve("gone.jar")),
                logLine("c.Renamed", changed), logLine("x.Any", garbage), logLine("k.Kept", kept)), plugins);

        assertThat(list).filteredOn(l -> l.contains(" source: ")).containsExactly("k/Kept id: 3 super: 0 source: " + kept);
    }

    private static String logLine(String name, Path jar) {
        return "[0.352s][info][class,load] " + name + " source: file:" + jar;
    }

    private record Type(String name, String superName, String[] interfaces) {
    }

    private static Type type(String name, String superName, String... interfaces) {
        return new Type(name, superName, interfaces);
    }

    private static Path jar(Path file, Type... types) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
            for (Type type : types) {
                ClassWriter cw = new ClassWriter(0);
                cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER | Opcodes.ACC_ABSTRACT, type.name(), null,
                        type.superName(), type.interfaces());
                cw.visitEnd();
                jar.putNextEntry(new JarEntry(type.name() + ".class"));
                jar.write(cw.toByteArray());
                jar.closeEntry();
            }
        }
        return file;
    }
}
