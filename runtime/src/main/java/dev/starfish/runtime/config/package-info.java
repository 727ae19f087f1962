/**
 * The installation and the operator's settings: {@code STARFISH_HOME}, {@code
 * conf/starfish.properties} and each setting's rules, the plugin path, the user's cache and data
 * directories and the trust rules for paths. A base package: uses no other package of the runtime.
 */
package dev.starfish.runtime.config;
