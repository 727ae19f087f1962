/**
 * Logging set-up and console output: the Log4j contexts of the console and of each compile's log
 * file, the routing of a compile's lines to its own file, escaping of what reaches a terminal, and
 * a lazy logger for the hot paths. A base package: uses no other package of the runtime.
 */
package dev.starfish.runtime.log;
