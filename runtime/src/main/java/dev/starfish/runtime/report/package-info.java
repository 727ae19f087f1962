/**
 * What a compile reports while it runs and after: live progress on a terminal or as plain lines,
 * the step events, and {@code report.json}, {@code trace.json} and the HTML page with its timeline.
 * May use json and log.
 */
package dev.starfish.runtime.report;
