/**
 * Native parts a plugin bundles: its JNI libraries and tools extracted into the content-addressed
 * native cache, bound with {@code RTLD_DEEPBIND}, and the ELF reading that checks them. May use
 * config, jar and log.
 */
package dev.starfish.runtime.nativelib;
