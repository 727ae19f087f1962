package dev.starfish.runtime.batch;

import dev.starfish.api.ChildProcessException;
import dev.starfish.runtime.launch.FailureMessage;
import java.util.Optional;

/**
 * The one line a batch shows for a model that did not compile: the first line of the error
 * {@code starfish compile} prints, and, when a tool failed, the tool's own last error line from
 * the same message ({@link FailureMessage#cause}), which says what went wrong and, where the tool
 * knows it, the option that fixes it ({@code ... free in the buffer (raise --buffer-bytes)}).
 */
final class FailureLine {

    private FailureLine() {
    }

    static String of(Throwable failure) {
        String message = failure.getMessage() != null ? failure.getMessage() : failure.toString();
        String first = message.lines().findFirst().orElse("").strip();
        return toolCause(failure).filter(cause -> !first.contains(cause)).map(cause -> first + ": " + cause).orElse(first);
    }

    private static Optional<String> toolCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ChildProcessException child) {
                return FailureMessage.cause(child.result());
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return Optional.empty();
    }
}
