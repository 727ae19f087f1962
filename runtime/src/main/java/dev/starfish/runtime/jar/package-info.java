/**
 * Reading plugin jars as files ({@link dev.starfish.runtime.jar.PluginJarFile}), with bounded reads
 * for what a hostile jar could inflate. A base package.
 */
package dev.starfish.runtime.jar;
