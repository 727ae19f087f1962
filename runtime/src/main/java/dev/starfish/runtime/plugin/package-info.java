/**
 * Plugin jars before any of their code runs: reading a jar's descriptor and job declarations (from
 * the build-time index or the class files), the trust rules for jars and directories, admission
 * (duplicate jobs and artifacts), the lock file, the reject list, and the per-user index of what
 * was read. May use nativelib, jar, json, log and config; the registry builds on it.
 */
package dev.starfish.runtime.plugin;
