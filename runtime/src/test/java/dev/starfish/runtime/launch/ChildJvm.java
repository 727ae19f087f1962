package dev.starfish.runtime.launch;

import dev.starfish.runtime.NativeTestBinaries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a main class of the test sources in a fresh JVM with the test class path. */
final class ChildJvm {

    private ChildJvm() {
    }

    static Process start(Class<?> mainClass, List<String> jvmOptions, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("-Dstarfish.test.bin=" + NativeTestBinaries.binDir());
        command.add(mainClass.getName());
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }
}
