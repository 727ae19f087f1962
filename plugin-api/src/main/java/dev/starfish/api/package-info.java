/**
 * The Starfish plugin API: the only contract between the host and its job plugins.
 *
 * <p>A plugin jar carries one or more {@link dev.starfish.api.Job} extensions, each
 * declaring its kind, tool, options and the artifacts it consumes and produces (standard
 * ones of {@link dev.starfish.api.Artifacts}, or its own {@link dev.starfish.api.ArtifactSpec}s)
 * with {@link dev.starfish.api.JobSpec} and {@link dev.starfish.api.JobOptionSpec}, which the host reads without running plugin code. The host
 * loads each plugin in its own class loader; classes of this package, PF4J, the JDK and
 * the logging APIs come from the host, everything else from the plugin. Native jobs
 * extend {@link dev.starfish.api.NativeJob} and start tools only through the host's
 * {@link dev.starfish.api.Launcher}; in-process jobs extend
 * {@link dev.starfish.api.InProcessJob}.
 */
package dev.starfish.api;
