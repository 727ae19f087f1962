/**
 * {@code starfish plugins lint}: every check of a plugin jar before an operator drops it in, read
 * from its bytecode or run in a throw-away loader ({@link dev.starfish.runtime.lint.PluginLinter}).
 * May use registry, plugin, launch, nativelib and jar; only the command line uses it.
 */
package dev.starfish.runtime.lint;
