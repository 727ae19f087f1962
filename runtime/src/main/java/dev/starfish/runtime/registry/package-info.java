/**
 * Jobs and their loaders: the {@link dev.starfish.runtime.registry.JobRegistry} of one plugin path,
 * each plugin's child-first {@link dev.starfish.runtime.registry.JobClassLoader}, the scope a job
 * runs in, and how a job class is loaded, checked and created. May use plugin, nativelib, log and
 * config.
 */
package dev.starfish.runtime.registry;
