/**
 * One run of a command as its caller describes it ({@link dev.starfish.runtime.invocation.Invocation}):
 * working directory, environment, streams, terminal and cancellation. Commands read these from the
 * invocation, never from {@code System}, so one server process can run many at once. Depends on
 * the JDK only.
 */
package dev.starfish.runtime.invocation;
