/**
 * Reading a {@code .neff} (a POSIX ustar archive whose first member is {@code manifest.json},
 * written by {@code hlo-neff-wrapper}): its members, streamed with bounded memory, each checked
 * against the size and SHA-256 its manifest records, and the compile record it packs. Only
 * reads; uses the plugin API's {@code Artifacts} for the compile record's name and Jackson.
 */
package dev.starfish.runtime.neff;
