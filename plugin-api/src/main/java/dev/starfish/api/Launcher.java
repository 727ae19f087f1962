package dev.starfish.api;

import java.nio.file.Path;

/**
 * The host's one launcher, through which every native tool is resolved and started
 * (the seed's {@code getFullyQualifiedLocation} and {@code shellCommand}).
 * Implementations are thread-safe.
 */
public interface Launcher {

    /**
     * Resolves a tool: an absolute path is used as is (it must be an executable regular
     * file); a bare name is searched in {@code starfish/bin/private} first, then in the
     * calling plugin's bundled tools, then in {@code starfish/bin}; the first executable
     * regular file wins.
     *
     * @throws ToolNotFoundException {@code Could not find <name>} when nothing matches
     * @throws InvalidInputException for a relative name containing {@code /}
     */
    Path resolve(String toolName);

    /**
     * Runs a command and waits for it. Logs {@code Executing <command>} and
     * {@code Working directory is <dir>}, streams output into the log, writes
     * {@code replay_<name>.sh} in the working directory.
     *
     * @throws ChildProcessException when the tool exits non-zero (or dies) and the command propagates exits
     */
    ProcessResult run(Command command);
}
