/**
 * One invocation's host: the installation, the settings, the job registry and the launcher, made
 * once per command (or kept by the server) and closed after it. May use cache, registry, plugin,
 * launch, nativelib and config.
 */
package dev.starfish.runtime.host;
