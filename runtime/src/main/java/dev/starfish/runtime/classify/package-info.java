/**
 * {@code starfish jobs classify}: what each job's bytecode calls, read with ASM ({@link
 * dev.starfish.runtime.classify.JobClassifier}). May use registry and jar.
 */
package dev.starfish.runtime.classify;
