/**
 * The host's launcher: {@link dev.starfish.runtime.launch.ToolResolver} finds a tool
 * ({@code private}, the plugin's tools, {@code bin}), {@link dev.starfish.runtime.launch.ProcessLauncher}
 * runs it through the {@code starfish-exec} shim and reports a {@link dev.starfish.api.ProcessResult}.
 *
 * <p>Threads: Java 17 has no virtual threads, so every open pipe is read by a platform thread
 * from one shared pool ({@code OutputPumps}) sized {@code 2 × maxConcurrentProcesses}: a run
 * holds a process slot (a fair {@link java.util.concurrent.Semaphore}) from before the spawn
 * until its pipes are drained, so pumps never queue. The calling thread itself waits for the
 * shim. After the shim exits the pumps get {@code ToolExecution.DRAIN} (1.5 s) to reach end of
 * file; then the streams are closed and a pump still blocked by a process that escaped the
 * tool's process group is abandoned (it ends when that process closes the pipe). Memory per run
 * is bounded by {@code headLines + tailLines} lines of at most 8 KiB each.
 *
 * <p>Reports: the shim writes its {@code key=value} report into a private directory under
 * {@link dev.starfish.runtime.launch.LauncherSettings#reportDir()} ({@code /dev/shm} by default:
 * the report is written and renamed into place, not synced, and a tmpfs keeps even that off disk).
 */
package dev.starfish.runtime.launch;
