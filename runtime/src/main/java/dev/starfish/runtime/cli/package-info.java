/**
 * The command line and nothing else: one Picocli command class per command, their option classes,
 * help, completion and manual pages, and how errors become one line and an exit code ({@link
 * dev.starfish.runtime.cli.StarfishCli}). The only package that knows Picocli; it may use every
 * package below it, and the server runs it.
 */
package dev.starfish.runtime.cli;
