package dev.starfish.runtime.launch;

import dev.starfish.api.ProcessResult;
import java.util.List;
import java.util.stream.Stream;

/**
 * The line a sandboxed tool's failure message adds when the tool's last words are an error the
 * sandbox makes (docs/isolation.md): what it could reach, and how to run it without.
 */
final class SandboxNote {

    /** {@code strerror} texts of what the sandbox refuses: writes, unknown paths, devices, the network. */
    private static final List<String> SANDBOX_ERRORS = List.of("Read-only file system", "No such file or directory",
            "Permission denied", "Operation not permitted", "Device or resource busy", "Connection refused",
            "Network is unreachable", "Cannot assign requested address", "Directory nonexistent");

    private SandboxNote() {
    }

    static boolean applies(ProcessResult result) {
        return Stream.concat(result.errorTail().stream(), result.outputTail().stream())
                .anyMatch(line -> SANDBOX_ERRORS.stream().anyMatch(line::contains));
    }

    static String of(ProcessResult result) {
        return "The tool ran in a sandbox: it could write only its step directory " + result.command().workingDir()
                + " and a private /tmp, read only the system, the installation's tools, libraries and conf/ and, of the"
                + " work directory, the artifacts its job declares it consumes, and reach no network; what it tried is"
                + " named above. launcher.sandbox=off runs tools without it.";
    }
}
