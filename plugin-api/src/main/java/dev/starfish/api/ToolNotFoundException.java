package dev.starfish.api;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** A native tool could not be resolved: {@code Could not find <name>}, plus where it was looked for. */
public final class ToolNotFoundException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final String tool;

    public ToolNotFoundException(String tool, List<Path> searched) {
        super("Could not find " + tool + (searched.isEmpty() ? "" : " (searched: "
                + searched.stream().map(Path::toString).collect(Collectors.joining(", ")) + ")"));
        this.tool = tool;
    }

    public ToolNotFoundException(String tool, String reason) {
        super("Could not find " + tool + " (" + reason + ")");
        this.tool = tool;
    }

    public String tool() {
        return tool;
    }
}
