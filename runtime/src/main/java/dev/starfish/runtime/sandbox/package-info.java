/**
 * The tool sandbox (docs/isolation.md, "Tool steps in a sandbox"): whether this host can run a tool
 * step under bubblewrap ({@link dev.starfish.runtime.sandbox.SandboxProbe}, asked once per host),
 * what the operator wants ({@link dev.starfish.runtime.sandbox.SandboxMode}, {@code launcher.sandbox}),
 * and the {@code bwrap} words that show a step only its declared inputs read-only and its own
 * directory writable ({@link dev.starfish.runtime.sandbox.BwrapArguments}). Uses {@code config/}
 * only; the launcher puts the words in front of the tool's argv, so its supervisor's limits,
 * kills and reports work unchanged.
 */
package dev.starfish.runtime.sandbox;
