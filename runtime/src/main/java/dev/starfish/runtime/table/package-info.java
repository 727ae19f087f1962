/**
 * Plain-text tables with aligned columns, as the listing commands print them ({@link
 * dev.starfish.runtime.table.TextTable}). A base package.
 */
package dev.starfish.runtime.table;
