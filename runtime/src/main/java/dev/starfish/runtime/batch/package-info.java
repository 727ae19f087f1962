/**
 * Many models in one command: {@code starfish batch} run here ({@link
 * dev.starfish.runtime.batch.LocalBatch}) or as a Slurm array ({@link
 * dev.starfish.runtime.batch.SlurmBatch}), each model's outcome, the live status line and the batch
 * report (JSON and HTML). May use compile, cache, report, registry, launch and the base packages;
 * the command line reaches it, nothing below does.
 */
package dev.starfish.runtime.batch;
