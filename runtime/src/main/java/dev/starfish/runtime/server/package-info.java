/**
 * The resident driver's server: one JVM per user and installation build that runs the commands of
 * many native clients ({@code libexec/starfish-client}) at once, each as its own
 * {@link dev.starfish.runtime.invocation.Invocation}. Here live the frames of the protocol
 * ({@code docs/server.md}), the socket and its directory's checks, the peer check, one connection's
 * request and the server's lifecycle (idle exit, stop when idle, status). Uses the CLI's
 * {@code StarfishCli.run(Invocation, String...)}, the invocation types and the JDK; nothing else of
 * the runtime calls into it.
 */
package dev.starfish.runtime.server;
