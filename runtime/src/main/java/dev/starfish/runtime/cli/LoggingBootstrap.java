package dev.starfish.runtime.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.properties.PropertiesConfigurationFactory;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Sets logging up only as far as a command needs it.
 * <ul>
 *   <li>A process whose command writes no log file ({@code jobs}, {@code plugins}, {@code help}) with
 *       the installation's own {@code conf/log4j2.properties} logs through
 *       {@link ConsoleLoggerContextFactory}: the same console lines, without starting Log4j core.</li>
 *   <li>Otherwise Log4j core starts once, before the command runs. It would look up the local host
 *       name while it starts, a DNS query that takes tens of milliseconds, and in a container
 *       without a network fails with a stack trace, though nothing of ours uses the name; so the
 *       configuration is built here and handed the kernel's host name before the context starts.</li>
 * </ul>
 */
final class LoggingBootstrap {

    private static final String CONFIGURATION_FILE = "log4j2.configurationFile";
    private static final String CONTEXT_FACTORY = "log4j2.loggerContextFactory";

    private LoggingBootstrap() {
    }

    /**
     * Chooses the console-only logging for this process when {@code subcommand} writes no log file and
     * the configuration is the installation's; call from {@code main}, before any logger exists.
     */
    static void chooseFor(String subcommand, String starfishHome) {
        String file = System.getProperty(CONFIGURATION_FILE);
        boolean installationsOwn = starfishHome != null && file != null
                && Path.of(file).equals(Path.of(starfishHome, "conf", "log4j2.properties"));
        boolean writesLogFiles = "compile".equals(subcommand) || "batch".equals(subcommand);
        if (!writesLogFiles && installationsOwn && System.getProperty(CONTEXT_FACTORY) == null) {
            System.setProperty(CONTEXT_FACTORY, ConsoleLoggerContextFactory.class.getName());
        }
    }

    static void start() {
        if (ConsoleLoggerContextFactory.class.getName().equals(System.getProperty(CONTEXT_FACTORY))) {
            return;
        }
        String file = System.getProperty(CONFIGURATION_FILE);
        if (file == null || file.contains(",")) {
            LogManager.getContext(false);
            return;
        }
        URI location = file.contains(":") && !file.startsWith("/") ? URI.create(file) : Path.of(file).toUri();
        // The properties factory directly: ConfigurationFactory.getInstance() would first create every
        // factory, the JSON and YAML ones loading a hundred classes of Jackson to see whether it is there.
        ConfigurationSource source = file.endsWith(".properties") ? ConfigurationSource.fromUri(location) : null;
        Configuration configuration = source != null
                ? new PropertiesConfigurationFactory().getConfiguration(null, source)
                : ConfigurationFactory.getInstance().getConfiguration(null, null, location);
        Map<String, String> properties = configuration.getComponent(Configuration.CONTEXT_PROPERTIES);
        if (properties != null) {
            properties.putIfAbsent("hostName", kernelHostName());
        }
        Configurator.initialize(configuration);
    }

    /** The host name as the kernel knows it, without a DNS query; {@code localhost} when unknown. */
    private static String kernelHostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).strip();
            return name.isEmpty() ? "localhost" : name;
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
