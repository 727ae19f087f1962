/**
 * The replay scripts a compile leaves in its work directory and {@code starfish replay} runs:
 * finding them and reading what each reproduces. Uses config only.
 */
package dev.starfish.runtime.replay;
