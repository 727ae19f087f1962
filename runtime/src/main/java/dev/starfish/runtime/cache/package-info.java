/**
 * The compile cache: keys over everything that makes an artifact ({@link
 * dev.starfish.runtime.cache.CacheKey}, {@link dev.starfish.runtime.cache.KeyMaterial}), entries
 * stored and verified ({@link dev.starfish.runtime.cache.EntryStore}), the per-user cache directory
 * and its trust rules, locks between concurrent compiles, eviction. May use registry, nativelib and
 * the base packages.
 */
package dev.starfish.runtime.cache;
