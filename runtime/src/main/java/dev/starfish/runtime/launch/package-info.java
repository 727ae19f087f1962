/**
 * The host's launcher: {@link dev.starfish.runtime.launch.ToolResolver} finds a tool
 * ({@code private}, the plugin's tools, {@code bin}), {@link dev.starfish.runtime.launch.ProcessLauncher}
 * runs it under {@code starfish-exec} and reports a {@link dev.starfish.api.ProcessResult}.
 *
 * <p>Two paths, the same guarantees (starfish-bin/shim/README.md): by default one
 * {@code SpawnServer} ({@code starfish-exec --server}, started at the first run) forks a
 * supervisor per tool and sends the tool's output and report back as frames on one pipe, read by
 * one thread per server; with {@code launcher.spawn.server=false} ({@code ShimStarter}) each tool
 * gets its own shim process started by a {@link java.lang.ProcessBuilder}.
 *
 * <p>Threads on the per-tool path: Java 17 has no virtual threads, so every open pipe is read by
 * a platform thread from one shared pool ({@code OutputPumps}) sized {@code 2 × maxConcurrentProcesses}:
 * a run holds a process slot (a fair {@link java.util.concurrent.Semaphore}) from before the spawn
 * until its pipes are drained, so pumps never queue. After the shim exits the pumps get
 * {@code ShimStarter.DRAIN} (1.5 s) to reach end of file; then the streams are closed and a pump
 * still blocked by a process that escaped the tool's process group is abandoned. On the server
 * path no drain is needed: the supervisor reads the pipes to their end after the tool's whole
 * tree is reaped, then reports. Memory per run is bounded by {@code headLines + tailLines} lines
 * of at most 8 KiB each.
 *
 * <p>Reports: the per-tool shim writes its {@code key=value} report into a private directory under
 * {@link dev.starfish.runtime.launch.LauncherSettings#reportDir()} ({@code /dev/shm} by default:
 * the report is written and renamed into place, not synced); the server sends the same text as a
 * frame and writes no file.
 */
package dev.starfish.runtime.launch;
