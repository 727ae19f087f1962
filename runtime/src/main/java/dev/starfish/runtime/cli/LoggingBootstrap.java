package dev.starfish.runtime.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Starts Log4j once, before any command runs. Log4j looks up the local host name while it
 * starts unless its configuration already holds one; in a container without a network that
 * lookup fails and Log4j prints an error with a stack trace, though nothing of ours uses the
 * name. So when the name does not resolve, the configuration is built here and handed the
 * raw host name before the logging context starts.
 */
final class LoggingBootstrap {

    private static final String CONFIGURATION_FILE = "log4j2.configurationFile";

    private LoggingBootstrap() {
    }

    static void start() {
        String file = System.getProperty(CONFIGURATION_FILE);
        String unresolvable = unresolvableHostName();
        if (file == null || file.contains(",") || unresolvable == null) {
            LogManager.getContext(false);
            return;
        }
        URI location = file.contains(":") && !file.startsWith("/") ? URI.create(file) : Path.of(file).toUri();
        Configuration configuration = ConfigurationFactory.getInstance().getConfiguration(null, null, location);
        Map<String, String> properties = configuration.getComponent(Configuration.CONTEXT_PROPERTIES);
        if (properties != null) {
            properties.putIfAbsent("hostName", unresolvable);
        }
        Configurator.initialize(configuration);
    }

    /** The host name when it does not resolve, else {@code null}. */
    private static String unresolvableHostName() {
        try {
            InetAddress.getLocalHost();
            return null;
        } catch (UnknownHostException e) {
            String message = String.valueOf(e.getMessage());
            int colon = message.indexOf(':');
            return colon > 0 ? message.substring(0, colon) : "localhost";
        }
    }
}
