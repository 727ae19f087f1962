/**
 * {@code starfish doctor}: one {@link dev.starfish.runtime.doctor.Check} per concern, each
 * reporting OK or FAIL with its fix. May use host, registry, plugin, launch, nativelib and config.
 */
package dev.starfish.runtime.doctor;
