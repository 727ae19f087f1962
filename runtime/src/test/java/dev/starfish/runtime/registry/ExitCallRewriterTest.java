package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.SystemExitError;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import org.junit.jupiter.api.Test;

class ExitCallRewriterTest {

    /** Calls that would end the JVM, were they not rewritten. */
    public static final class Exiter {
        public static void systemExit() {
            System.exit(5);
        }

        public static void runtimeHalt() {
            Runtime.getRuntime().halt(6);
        }
    }

    private static byte[] bytesOf(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName().replace('.', '$') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static byte[] exiterBytes() throws IOException {
        try (InputStream in = Exiter.class.getResourceAsStream("ExitCallRewriterTest$Exiter.class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void aClassWithoutExitCallsIsTheVerySameArraySoTheArchiveStillMatchesIt() throws IOException {
        byte[] bytes = bytesOf(HostSharedPackages.class);
        assertThat(ExitCallRewriter.rewrite(bytes)).isSameAs(bytes);
    }

    @Test
    void systemExitAndRuntimeHaltThrowSystemExitErrorWithTheirCode() throws Exception {
        byte[] rewritten = ExitCallRewriter.rewrite(exiterBytes());
        Class<?> exiter = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                return defineClass(Exiter.class.getName(), rewritten, 0, rewritten.length);
            }
        }.define();

        assertThatThrownBy(() -> invoke(exiter, "systemExit")).isInstanceOf(SystemExitError.class)
                .hasMessage("System.exit(5)").matches(e -> ((SystemExitError) e).status() == 5);
        assertThatThrownBy(() -> invoke(exiter, "runtimeHalt")).isInstanceOf(SystemExitError.class)
                .hasMessage("Runtime.halt(6)");
    }

    private static void invoke(Class<?> type, String method) throws Throwable {
        try {
            type.getMethod(method).invoke(null);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
