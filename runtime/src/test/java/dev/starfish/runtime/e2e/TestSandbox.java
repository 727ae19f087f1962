package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The sandbox settings of a private distribution for tests that are about something else: tools
 * paced through files outside their step directory (FIFOs, marker files) reach them as an operator
 * would let them, with {@code launcher.sandbox.writable}; a test that watches a tool's process from
 * the host by its pid turns the sandbox off, since the tool's PID namespace hides that pid.
 */
final class TestSandbox {

    private TestSandbox() {
    }

    /** Appends {@code launcher.sandbox.writable=PATHS} to the copy's {@code conf/starfish.properties}. */
    static AssembledDistribution allowWriting(AssembledDistribution copy, Path... paths) {
        return append(copy, "launcher.sandbox.writable=" + Arrays.stream(paths).map(Path::toString)
                .collect(Collectors.joining(",")));
    }

    /** Appends {@code launcher.sandbox=off}: for a test that needs the tool's pid as the host sees it. */
    static AssembledDistribution turnOff(AssembledDistribution copy) {
        return append(copy, "launcher.sandbox=off");
    }

    private static AssembledDistribution append(AssembledDistribution copy, String setting) {
        Path conf = copy.home().resolve("conf/starfish.properties");
        String line = "\n" + setting + "\n";
        try {
            Files.writeString(conf, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return copy;
    }
}
