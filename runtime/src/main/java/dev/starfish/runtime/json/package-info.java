/**
 * JSON trees written and read through Jackson's streaming layer ({@link
 * dev.starfish.runtime.json.JsonTrees}). A base package.
 */
package dev.starfish.runtime.json;
