package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code -v}, {@code -q} and {@code --log-level} mean the same on every subcommand: one mixin, everywhere. */
class LoggingOptionsEverywhereTest {

    private static final List<String> NAMES = List.of("-v", "--verbose", "-q", "--quiet", "--log-level");

    @Test
    void everySubcommandHasTheLoggingOptionsWithTheSameDescriptions() {
        CommandLine root = StarfishCli.newCommandLine();
        CommandLine reference = root.getSubcommands().get("compile");
        List<CommandLine> commands = new ArrayList<>();
        collect(root, commands);
        assertThat(commands).extracting(c -> c.getCommandSpec().qualifiedName())
                .contains("starfish replay", "starfish doctor", "starfish generate-completion", "starfish plugins list",
                        "starfish jobs classify");
        for (CommandLine command : commands) {
            for (String name : NAMES) {
                OptionSpec option = command.getCommandSpec().findOption(name);
                assertThat(option).as("%s has %s", command.getCommandSpec().qualifiedName(), name).isNotNull();
                assertThat(option.description()).as("%s %s means what it means on compile",
                        command.getCommandSpec().qualifiedName(), name)
                        .isEqualTo(reference.getCommandSpec().findOption(name).description());
            }
        }
    }

    @Test
    void verboseTwiceAndQuietParseOnEverySubcommand() {
        CommandLine root = StarfishCli.newCommandLine();
        for (String[] args : List.of(new String[] {"doctor", "-vv"}, new String[] {"replay", "-q", "dir"},
                new String[] {"plugins", "list", "--verbose"}, new String[] {"jobs", "classify", "--log-level", "debug"},
                new String[] {"generate-completion", "-v"})) {
            CommandLine.ParseResult parsed = root.parseArgs(args);
            while (parsed.hasSubcommand()) {
                parsed = parsed.subcommand();
            }
            assertThat(parsed.hasMatchedOption("--verbose") || parsed.hasMatchedOption("--quiet")
                    || parsed.hasMatchedOption("--log-level")).as(String.join(" ", args)).isTrue();
        }
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        command.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help") && name.equals(sub.getCommandName())) {
                into.add(sub);
                collect(sub, into);
            }
        });
    }
}
