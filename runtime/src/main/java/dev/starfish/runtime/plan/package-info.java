/**
 * The plan of a compile: the configured pipeline and which job runs when, checked against what each
 * job consumes and produces ({@link dev.starfish.runtime.plan.Plan}). May use registry.
 */
package dev.starfish.runtime.plan;
