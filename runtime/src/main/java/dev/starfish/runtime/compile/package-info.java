/**
 * One compile from a plan to its {@code .neff}: the work directory, each job's steps ({@link
 * dev.starfish.runtime.compile.JobSteps}, {@link dev.starfish.runtime.compile.SubgraphRunner}),
 * interrupts and crashes, the compile log and the printed plan ({@code -###}). May use plan, cache,
 * report, registry, launch and the base packages.
 */
package dev.starfish.runtime.compile;
