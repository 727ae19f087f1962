package dev.starfish.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.starfish.runtime.doctor.Doctor;
import dev.starfish.runtime.doctor.Finding;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code starfish doctor}: checks the installation and the environment, one line per check. */
@Command(name = "doctor", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Check the installation and the environment: one line per check, OK, WARN or FAIL, and the fix.",
                "Checks the JDK, conf/starfish.properties, every shipped tool and each job's tool, the exec shim, the "
                        + "deep-bind library, the cache directories (owner, mode, writable), refused plugins and "
                        + "conflicting job names, the pipeline, and the free space where compiles and caches write.",
                "Exit status 0 when nothing fails (warnings allowed), 1 otherwise."})
final class DoctorCommand implements Callable<Integer> {

    @ParentCommand
    private StarfishCommand root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "Print a JSON array of {status, check, detail, fix} instead of lines.")
    boolean json;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() throws JsonProcessingException {
        HostOptions options = root.hostOptions();
        List<Finding> findings = Doctor.examine(options.home(), options::openHost,
                StarfishCommand.invocation(spec).workingDirectory(), StarfishCommand.invocation(spec).environment());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonOption.render(findings.stream().map(DoctorCommand::asMap).toList()));
        } else {
            findings.forEach(f -> out.println(f.line()));
        }
        out.flush();
        return Doctor.anyFailed(findings) ? ExitCodes.FAILURE : ExitCodes.OK;
    }

    private static Map<String, Object> asMap(Finding finding) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("status", finding.status().name());
        row.put("check", finding.check());
        row.put("detail", finding.detail());
        row.put("fix", finding.fix().orElse(null));
        return row;
    }
}
