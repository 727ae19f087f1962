/**
 * The class list from which the build makes the class-data archive of the shipped plugins ({@code
 * lib/starfish.jsa}). Uses no other package of the runtime.
 */
package dev.starfish.runtime.cds;
