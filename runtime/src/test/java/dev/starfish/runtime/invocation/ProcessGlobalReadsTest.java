package dev.starfish.runtime.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.config.JvmEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * No code reads the process's surroundings for a command (issue 25): outside the methods allowed
 * below, no compiled class of the runtime names {@code System.getenv}, {@code System.out},
 * {@code System.err}, {@code System.in}, {@code System.console}, the properties {@code user.dir}
 * or {@code user.home}, or {@link dev.starfish.runtime.config.JvmEnvironment} (the JVM's own
 * environment for library defaults). A command reads its {@link Invocation} instead.
 */
class ProcessGlobalReadsTest {

    /** Method ({@code Class.method}) to why it may read the process. */
    private static final Map<String, String> ALLOWED = Map.ofEntries(
            Map.entry("dev/starfish/runtime/cli/StarfishCli.main", "the one-shot process's entry point"),
            Map.entry("dev/starfish/runtime/cli/ProcessInvocation.of", "the one-shot process as an invocation"),
            Map.entry("dev/starfish/runtime/cli/ProcessInvocation.current", "the one-shot process as an invocation"),
            Map.entry("dev/starfish/runtime/cli/ProcessInvocation.ofSystemStreams", "tests' command line"),
            Map.entry("dev/starfish/runtime/cli/ConsoleStreams.escapeStandardStreams", "the one-shot process"),
            Map.entry("dev/starfish/runtime/cli/UserStdout.find", "the one-shot process's stdout descriptor"),
            Map.entry("dev/starfish/runtime/log/ConsoleLoggerContextFactory.<init>",
                    "the logging's console for events of no command"),
            Map.entry("dev/starfish/runtime/log/ConsoleLoggerContextFactory.lambda$new$0",
                    "the logging's console for events of no command"),
            Map.entry("dev/starfish/runtime/log/CompileLoggerContextFactory.<init>",
                    "the logging's console for events of no command"),
            Map.entry("dev/starfish/runtime/config/JvmEnvironment.variables", "library defaults without a command"),
            Map.entry("dev/starfish/runtime/config/JvmEnvironment.userHome", "the password database's home"),
            Map.entry("dev/starfish/runtime/cli/CacheOptions.expand",
                    "~ is the password database's home, as before (a server runs as its clients' user)"),
            Map.entry("dev/starfish/runtime/config/UserCacheDirectory.of", "HOME unset: the password database's home"),
            Map.entry("dev/starfish/runtime/launch/ToolEnvironment.ofJvm", "a launcher made without a command"),
            Map.entry("dev/starfish/runtime/nativelib/NativeSettings.defaultCacheRoot", "library default (tests)"),
            Map.entry("dev/starfish/runtime/plugin/PluginIndexStore.defaultDirectory", "library default (tests)"),
            Map.entry("dev/starfish/runtime/registry/JobRegistry.forDirectory", "library default (tests)"),
            Map.entry("dev/starfish/runtime/cache/HostIdentity.hostName", "the machine's name, /proc unreadable"),
            Map.entry("dev/starfish/runtime/batch/HostName.local", "the machine's name, /proc unreadable"),
            Map.entry("dev/starfish/runtime/cds/PluginClassList.main", "a build tool's entry point"),
            Map.entry("dev/starfish/runtime/server/ServerMain.main", "the resident server's entry point: its log"),
            Map.entry("dev/starfish/runtime/log/RoutedConsole.routeSystemErr",
                    "the resident server's System.err, routed per command for Log4j core's console"));

    private static final Set<String> STREAMS = Set.of("out", "err", "in");
    private static final Set<String> PROPERTIES = Set.of("user.dir", "user.home");
    private static final String JVM_ENVIRONMENT = "dev/starfish/runtime/config/JvmEnvironment";

    @Test
    void onlyTheProcessEntryPointsReadTheProcessesSurroundings() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> classes = Files.walk(Path.of("target/classes/dev/starfish/runtime"))) {
            for (Path file : classes.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    found.addAll(readsOf(in.readAllBytes()));
                }
            }
        }
        assertThat(found).as("process-global reads outside the allow-list (read the command's Invocation)").isEmpty();
    }

    @Test
    void theScanSeesEachKindOfRead() throws IOException {
        for (String kind : List.of("Env", "Out", "Console", "UserDir", "JvmEnv")) {
            try (InputStream in = ProcessGlobalReadsTest.class.getResourceAsStream(
                    "ProcessGlobalReadsTest$Reads" + kind + ".class")) {
                assertThat(readsOf(in.readAllBytes())).as(kind).hasSize(1);
            }
        }
    }

    /** Every read of the process in {@code bytes} outside the allowed methods, as {@code Class.method: what}. */
    static List<String> readsOf(byte[] bytes) {
        List<String> reads = new ArrayList<>();
        ClassReader reader = new ClassReader(bytes);
        String owner = reader.getClassName();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                String method = owner + "." + name;
                boolean allowed = ALLOWED.containsKey(method) || ALLOWED.containsKey(outer(owner) + "." + name);
                return new MethodVisitor(Opcodes.ASM9) {
                    private Object lastConstant;

                    @Override
                    public void visitLdcInsn(Object value) {
                        lastConstant = value;
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String fieldOwner, String field, String desc) {
                        if (opcode == Opcodes.GETSTATIC && fieldOwner.equals("java/lang/System") && STREAMS.contains(field)) {
                            note("System." + field);
                        }
                        lastConstant = null;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String methodOwner, String called, String desc, boolean itf) {
                        if (methodOwner.equals("java/lang/System") && (called.equals("getenv") || called.equals("console"))) {
                            note("System." + called);
                        } else if (methodOwner.equals("java/lang/System") && called.equals("getProperty")
                                && PROPERTIES.contains(lastConstant)) {
                            note("System.getProperty(" + lastConstant + ")");
                        } else if (methodOwner.equals(JVM_ENVIRONMENT) && !owner.equals(JVM_ENVIRONMENT)) {
                            note("JvmEnvironment." + called);
                        }
                        lastConstant = null;
                    }

                    private void note(String what) {
                        if (!allowed) {
                            reads.add(method + ": " + what);
                        }
                    }
                };
            }
        }, 0);
        return reads;
    }

    /** The class a nested or anonymous class is written in ({@code A$1} is {@code A}). */
    private static String outer(String owner) {
        int dollar = owner.indexOf('$');
        return dollar < 0 ? owner : owner.substring(0, dollar);
    }

    @SuppressWarnings("unused")
    private static final class ReadsEnv {
        String read() {
            return System.getenv("HOME");
        }
    }

    @SuppressWarnings("unused")
    private static final class ReadsOut {
        void write() {
            System.out.println("x");
        }
    }

    @SuppressWarnings("unused")
    private static final class ReadsConsole {
        boolean read() {
            return System.console() != null;
        }
    }

    @SuppressWarnings("unused")
    private static final class ReadsUserDir {
        String read() {
            return System.getProperty("user.dir");
        }
    }

    @SuppressWarnings("unused")
    private static final class ReadsJvmEnv {
        Object read() {
            return JvmEnvironment.variables();
        }
    }
}
