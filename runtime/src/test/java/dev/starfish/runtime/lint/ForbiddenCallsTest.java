package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} names the calls a job must leave to the host, read from the class files of the jobs' reach. */
class ForbiddenCallsTest {

    @TempDir
    Path tmp;

    /** A jar whose job calls {@code fixture.fc.Quitter.quit()}, whose line 3 is {@code statement}. */
    private Path jobCalling(String id, String statement) {
        return new PluginJarBuilder(tmp, id)
                .job("fixture.fc.QuitJob", LintRun.job("fixture.fc", "QuitJob", "Quitter.quit();"))
                .source("fixture.fc.Quitter", "package fixture.fc;\nclass Quitter {\n  static void quit() { " + statement
                        + " }\n}\n")
                .buildInto(tmp, id + ".jar");
    }

    @Test
    void systemExitRuntimeExitAndHaltAreErrorsNamingClassMethodAndLine() {
        String fails = ": the host rewrites the call, as it loads the class, into a throw of SystemExitError, so it "
                + "fails the job (the compile exits 1, naming the code) and never ends the driver: fail the job by "
                + "throwing JobException (InvalidInputException when the user's input is wrong)";
        assertThat(LintRun.lines(jobCalling("exit", "System.exit(3);"))).containsExactly("exit.jar: error: "
                + "fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, calls System.exit" + fails);
        assertThat(LintRun.lines(jobCalling("halt", "Runtime.getRuntime().halt(3); Runtime.getRuntime().exit(4);")))
                .containsExactly(
                        "halt.jar: error: fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, calls "
                                + "Runtime.halt" + fails,
                        "halt.jar: error: fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, calls "
                                + "Runtime.exit" + fails);
    }

    @Test
    void startingAProcessOutsideTheLauncherIsAWarning() throws Exception {
        assertThat(LintRun.lines(jobCalling("spawn", "try { new ProcessBuilder(\"true\").start(); } catch (java.io"
                + ".IOException e) { }"))).containsExactly("spawn.jar: warning: fixture.fc.Quitter.quit (Quitter.java:3), "
                + "reached from job QuitJob, calls ProcessBuilder.start: it starts a process outside the host's "
                + "launcher: the tool is not resolved in starfish/bin/private and starfish/bin, its command line is "
                + "neither logged nor written to a replay script, and a cached compile does not know it ran: declare "
                + "the tool (@JobSpec(kind = JobKind.NATIVE, tool = ...), NativeJob) or run it with "
                + "context.launcher().run(Command)");
        assertThat(LintRun.lines(jobCalling("exec", "try { Runtime.getRuntime().exec(new String[] {\"true\"}); } catch "
                + "(java.io.IOException e) { }"))).singleElement().asString()
                .startsWith("exec.jar: warning: fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, "
                        + "calls Runtime.exec: it starts a process outside the host's launcher");
    }

    @Test
    void loadingJniOutsideNativeLibraryIsAnErrorForLoadLibraryAndAWarningForLoad() {
        assertThat(LintRun.lines(jobCalling("loadlib", "System.loadLibrary(\"penguin\");"))).containsExactly(
                "loadlib.jar: error: fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, calls "
                        + "System.loadLibrary: it searches java.library.path, never the jar, so a library the plugin "
                        + "bundles is not found (UnsatisfiedLinkError): bundle it as native/linux-x86_64/lib<name>.so "
                        + "and load it with NativeLibrary.load(<a class of the plugin>.class, \"<name>\")");
        assertThat(LintRun.lines(jobCalling("load", "System.load(\"/tmp/libpenguin.so\");"))).containsExactly(
                "load.jar: warning: fixture.fc.Quitter.quit (Quitter.java:3), reached from job QuitJob, calls "
                        + "System.load: it loads the library outside the plugin's native cache and without "
                        + "RTLD_DEEPBIND, so another plugin's library of the same name or symbols can capture its "
                        + "calls: bundle it as native/linux-x86_64/lib<name>.so and load it with "
                        + "NativeLibrary.load(<a class of the plugin>.class, \"<name>\")");
    }

    @Test
    void aCallInAClassNoJobReachesAndNativeLibraryLoadAreNoFinding() {
        Path jar = new PluginJarBuilder(tmp, "unreached")
                .job("fixture.un.JniJob", LintRun.job("fixture.un", "JniJob",
                        "NativeLibrary.load(JniJob.class, \"penguin\");"))
                .source("fixture.un.Tool", "package fixture.un;\npublic class Tool {\n  public static void main(String[] a)"
                        + " { System.exit(1); }\n}\n")
                .buildInto(tmp, "unreached.jar");
        assertThat(LintRun.lines(jar)).isEmpty();
    }
}
