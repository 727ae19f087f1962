package dev.starfish.runtime.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command-line mistake gets one {@code starfish: error:} line, the suggestions Picocli has
 * for a misspelt option or subcommand, and where to read more — never the whole usage text
 * (as cargo and kubectl do). Exit code 2.
 */
final class UsageErrorReporter implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException exception, String[] args) {
        CommandLine commandLine = exception.getCommandLine();
        PrintWriter err = commandLine.getErr();
        err.println("starfish: error: " + message(exception));
        if (exception instanceof UnmatchedArgumentException unmatched) {
            var suggestions = unmatched.getSuggestions();
            if (!suggestions.isEmpty()) {
                err.println("Did you mean: " + String.join(" or ", suggestions.subList(0, Math.min(3, suggestions.size())))
                        + "?");
            }
            if ("compile".equals(commandLine.getCommandName()) && !unmatched.getUnmatched().isEmpty()
                    && !unmatched.getUnmatched().get(0).startsWith("-")) {
                err.println("compile takes one model; to compile several in one driver: starfish batch MODEL...");
            }
        }
        err.println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCodes.INVALID_INPUT;
    }

    /** {@code starfish WORD ...} where WORD names no command: one line, a suggestion, the hint; exit 2. */
    static int unknownCommand(CommandLine root, String word) {
        List<String> commands = root.getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey).toList();
        PrintWriter err = root.getErr();
        err.println("starfish: error: unknown command '" + word + "'" + PipelineChoice.suggestion(word, commands)
                + "; expected one of " + String.join(", ", commands));
        err.println("Try 'starfish --help' for more information.");
        err.flush();
        return ExitCodes.INVALID_INPUT;
    }

    /** The first unmatched argument alone (Picocli lists every later word too), else Picocli's message. */
    private static String message(ParameterException exception) {
        if (exception instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            return first.startsWith("-") && first.length() > 1 ? "unknown option '" + first + "'"
                    : "unexpected argument '" + first + "'";
        }
        return oneLine(exception.getMessage());
    }

    static String oneLine(String message) {
        String text = message == null ? "invalid command line" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
        if (!text.isEmpty() && Character.isUpperCase(text.charAt(0)) && (text.length() < 2
                || !Character.isUpperCase(text.charAt(1)))) {
            text = Character.toLowerCase(text.charAt(0)) + text.substring(1);
        }
        return text;
    }
}
