package dev.starfish.runtime.lint;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginTrust;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} on bundled tools and JNI libraries, with real ELF files built by starfish-bin. */
class NativeLintTest {

    private static final String TOOLS = "native/linux-x86_64/bin/";
    private static final String LIBS = "native/linux-x86_64/";
    private static final String SAME = "package dev.starfish.fixture.same;\npublic final class Same {\n"
            + "  public static native int version();\n  public static native int viaHelper();\n";

    @TempDir
    Path tmp;

    private static byte[] binary(String relative) throws IOException {
        Path path = Path.of(System.getProperty("starfish.test.bin", "../starfish-bin/target")).resolve(relative);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("missing native test fixture " + path + ": build starfish-bin first");
        }
        return Files.readAllBytes(path);
    }

    private PluginJarBuilder plugin(String id) {
        return new PluginJarBuilder(tmp, id).job("fixture." + id + ".NJob",
                PluginJarBuilder.inProcessJob("fixture." + id, "NJob", "", "1"));
    }

    private List<String> lint(Path jar, Path... toolDirs) {
        PluginLinter linter = new PluginLinter(NativeLintTest.class.getClassLoader(), HostSharedPackages.defaults(),
                PluginTrust.forCurrentUser(), List.of(), List.of(toolDirs));
        return linter.lint(jar, jar.getFileName().toString()).stream().map(LintFinding::line).toList();
    }

    private PluginJarBuilder nativeJob(String id) {
        return new PluginJarBuilder(tmp, id).job("fixture." + id + ".StampJob", "package fixture." + id + ";\n"
                + "import dev.starfish.api.*;\n@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE, tool = \"stamp\")\n"
                + "public class StampJob extends NativeJob {\n"
                + "  @Override protected java.util.List<String> argv(java.nio.file.Path e, Subgraph i, JobState s,"
                + " JobOptions o) { return java.util.List.of(e.toString()); }\n}\n");
    }

    @Test
    void aNativeJobsToolThatIsNeitherBundledNorInstalledIsAWarning() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("home/starfish/bin"));
        Path jar = nativeJob("unbundled").buildInto(tmp, "unbundled.jar");
        assertThat(lint(jar, bin)).containsExactly("unbundled.jar: warning: job 'StampJob' runs the tool 'stamp', "
                + "which the jar does not bundle (expected " + TOOLS + "stamp) and neither of " + bin + " holds, so a "
                + "compile running it stops with Could not find stamp: bundle the tool, or install it into "
                + "starfish/bin/private");

        Path installed = Files.writeString(bin.resolve("stamp"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(installed, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(lint(jar, bin)).as("an installed tool resolves").isEmpty();
        Path bundled = nativeJob("bundled").entry(TOOLS + "stamp", "#!/bin/sh\n").buildInto(tmp, "bundled.jar");
        assertThat(lint(bundled)).as("a bundled tool resolves").isEmpty();
    }

    @Test
    void scriptsWithAnAbsoluteInterpreterAndX8664ExecutablesAreTools() throws IOException {
        Path jar = plugin("tools").entry(TOOLS + "script", "#!/bin/sh\necho ok\n")
                .entry(TOOLS + "env-script", "#! /usr/bin/env python3\n")
                .entry(TOOLS + "true", Files.readAllBytes(Path.of("/bin/true")))
                .buildInto(tmp, "tools.jar");
        assertThat(lint(jar)).isEmpty();
    }

    @Test
    void aToolTheLauncherCannotExecIsAnErrorNamingTheFix() throws IOException {
        byte[] arm = Files.readAllBytes(Path.of("/bin/true"));
        ByteBuffer.wrap(arm).order(ByteOrder.LITTLE_ENDIAN).putShort(18, (short) 183);
        Path jar = plugin("badtools").entry(TOOLS + "a-text", "echo hi\n").entry(TOOLS + "b-dos", "#!/bin/sh\r\necho\r\n")
                .entry(TOOLS + "c-relative", "#!sh\n").entry(TOOLS + "d-arm", arm)
                .entry(TOOLS + "e-object", binary("obj/common.o")).entry(TOOLS + "f-empty", new byte[0])
                .entry(TOOLS + "sub/g-nested", "#!/bin/sh\n")
                .buildInto(tmp, "badtools.jar");
        assertThat(lint(jar)).containsExactly(
                "badtools.jar: error: bundled tool " + TOOLS + "a-text is neither a script starting with #! nor an ELF "
                        + "executable (it starts with 'echo hi\\x0a'), so the launcher cannot exec it: add a #! line "
                        + "or bundle the compiled tool",
                "badtools.jar: error: bundled tool " + TOOLS + "b-dos has a #! line ending in CR (DOS line endings), so "
                        + "the kernel looks for an interpreter whose name ends in \\r: convert the file to Unix line "
                        + "endings",
                "badtools.jar: error: bundled tool " + TOOLS + "c-relative has the #! line '#!sh': expected an absolute "
                        + "interpreter path such as #!/bin/sh",
                "badtools.jar: error: bundled tool " + TOOLS + "d-arm is an ELF 64-bit little-endian shared object for "
                        + "aarch64 (machine 183): expected an x86-64 executable; build it for linux-x86_64",
                "badtools.jar: error: bundled tool " + TOOLS + "e-object is an ELF 64-bit little-endian relocatable "
                        + "object for x86-64, not an executable: link it into a program",
                "badtools.jar: error: bundled tool " + TOOLS + "f-empty is empty: expected a script starting with #! "
                        + "or an x86-64 ELF executable",
                "badtools.jar: warning: bundled file " + TOOLS + "sub/g-nested is in a subdirectory of " + TOOLS
                        + ", so it is never extracted as a tool: move it directly into " + TOOLS);
    }

    @Test
    void aLibraryExportingEveryNativeMethodIsClean() throws IOException {
        Path jar = plugin("jni").source("dev.starfish.fixture.same.Same", SAME + "}\n")
                .entry(LIBS + "libsame.so", binary("testlibs/v1/libsame.so")).buildInto(tmp, "jni.jar");
        assertThat(lint(jar)).isEmpty();
    }

    @Test
    void aNativeMethodNoBundledLibraryExportsIsAnError() throws IOException {
        Path jar = plugin("jnimiss").source("dev.starfish.fixture.same.Same",
                        SAME + "  public static native void extra_one(String s);\n}\n")
                .entry(LIBS + "libsame.so", binary("testlibs/v1/libsame.so")).buildInto(tmp, "jnimiss.jar");
        assertThat(lint(jar)).containsExactly("jnimiss.jar: error: class dev.starfish.fixture.same.Same declares "
                + "native method(s) that no bundled library exports: Java_dev_starfish_fixture_same_Same_extra_1one "
                + "(searched " + LIBS + "libsame.so); calling them throws UnsatisfiedLinkError: export them "
                + "(JNIEXPORT, not hidden by -fvisibility=hidden) or bundle the library");
    }

    @Test
    void nativeMethodsWithoutAnyBundledLibraryAreAnError() throws IOException {
        Path jar = plugin("nolib").source("dev.starfish.fixture.same.Same", SAME + "}\n").buildInto(tmp, "nolib.jar");
        assertThat(lint(jar)).singleElement().asString().contains("Java_dev_starfish_fixture_same_Same_version, "
                + "Java_dev_starfish_fixture_same_Same_viaHelper (the jar bundles no " + LIBS + "lib<name>.so it could "
                + "be in)");
    }

    @Test
    void aLibraryThatIsNoX8664SharedObjectOrIsMisnamedIsReported() throws IOException {
        Path jar = plugin("badlibs").entry(LIBS + "libtext.so", "hello").entry(LIBS + "libobj.so", binary("obj/common.o"))
                .entry(LIBS + "same.so", binary("testlibs/v1/libsame.so")).buildInto(tmp, "badlibs.jar");
        assertThat(lint(jar)).containsExactly(
                "badlibs.jar: error: bundled library " + LIBS + "libtext.so is not an ELF file (it starts with "
                        + "'hello'): expected an x86-64 ELF shared object built with -shared -fPIC",
                "badlibs.jar: error: bundled library " + LIBS + "libobj.so is an ELF 64-bit little-endian relocatable "
                        + "object for x86-64: expected an x86-64 ELF shared object; build it for linux-x86_64 with "
                        + "-shared -fPIC",
                "badlibs.jar: warning: bundled library " + LIBS + "same.so cannot be loaded by name: "
                        + "NativeLibrary.load(owner, \"NAME\") looks for " + LIBS + "libNAME.so; rename it lib<name>.so");
    }

    @Test
    void aLibraryWithJniOnLoadTurnsAMissingSymbolIntoAWarning() throws IOException, InterruptedException {
        Path source = Files.writeString(tmp.resolve("reg.c"), "int JNI_OnLoad(void *vm, void *reserved) { return 0x10008; }\n",
                UTF_8);
        Path library = tmp.resolve("libreg.so");
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", library.toString(), source.toString())
                .inheritIO().start();
        assertThat(cc.waitFor()).as("cc builds the fixture library").isZero();
        Path jar = plugin("reg").source("dev.starfish.fixture.same.Same", SAME + "}\n")
                .entry(LIBS + "libreg.so", Files.readAllBytes(library)).buildInto(tmp, "reg.jar");
        assertThat(lint(jar)).singleElement().asString().startsWith("reg.jar: warning: class "
                + "dev.starfish.fixture.same.Same declares native method(s)")
                .endsWith("; fine only if JNI_OnLoad registers them with RegisterNatives");
    }

    @Test
    void aTruncatedElfOrALibraryWithoutSectionHeadersIsReported() throws IOException {
        byte[] truncated = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0};
        byte[] noSections = binary("testlibs/v1/libsame.so");
        ByteBuffer.wrap(noSections).order(ByteOrder.LITTLE_ENDIAN).putLong(0x28, 0).putShort(0x3C, (short) 0);
        Path jar = plugin("elf").source("dev.starfish.fixture.same.Same", SAME + "}\n")
                .entry(TOOLS + "cut", truncated).entry(LIBS + "libsame.so", noSections).buildInto(tmp, "elf.jar");
        assertThat(lint(jar)).as("no symbol finding once a library's symbols cannot be read").containsExactly(
                "elf.jar: error: bundled tool " + TOOLS + "cut is a malformed ELF file (truncated ELF header (10 "
                        + "bytes)): rebuild it",
                "elf.jar: warning: bundled library " + LIBS + "libsame.so has no section headers, so its exported JNI "
                        + "symbols cannot be checked: strip it with strip --strip-unneeded, not sstrip");
    }

    @Test
    void jniNamesAreMangledAsTheSpecificationSays() {
        assertThat(JniSymbols.mangle("a/b_c;[\u00e9")).isEqualTo("a_b_1c_2_3_000e9");
    }
}
