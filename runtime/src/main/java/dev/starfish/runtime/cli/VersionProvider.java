package dev.starfish.runtime.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** Prints the version stamped into the runtime jar at build time. */
final class VersionProvider implements CommandLine.IVersionProvider {

    static String version() {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/starfish/runtime/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        // joined, not concatenated: `starfish --version` runs nothing else, and the first string
        // concatenation of a JVM bootstraps invokedynamic (tens of ms of CPU)
        return new String[] {String.join(" ", "starfish", version()), String.join(" ", "Java",
                System.getProperty("java.version"), "on", System.getProperty("os.name"), System.getProperty("os.arch"))};
    }
}
