package dev.starfish.runtime.log;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.properties.PropertiesConfigurationFactory;

/**
 * Sets logging up only as far as a command needs it.
 * <ul>
 *   <li>{@code compile} and {@code batch} with the shipped {@code conf/log4j2.properties} log through
 *       {@link CompileLoggerContextFactory}: the same console lines and compile logs, without
 *       starting Log4j core.</li>
 *   <li>A process whose command writes no log file ({@code jobs}, {@code plugins}, {@code help}) with
 *       the shipped {@code conf/log4j2.properties} logs through
 *       {@link ConsoleLoggerContextFactory}: the same console lines, without starting Log4j core.</li>
 *   <li>Otherwise Log4j core starts once, before the command runs. It would look up the local host
 *       name while it starts, a DNS query that takes tens of milliseconds, and in a container
 *       without a network fails with a stack trace, though nothing of ours uses the name; so the
 *       configuration is built here and handed the kernel's host name before the context starts.</li>
 * </ul>
 */
public final class LoggingBootstrap {

    private static final String CONFIGURATION_FILE = "log4j2.configurationFile";
    private static final String CONTEXT_FACTORY = "log4j2.loggerContextFactory";

    private LoggingBootstrap() {
    }

    /**
     * Chooses Starfish's own logging for this process when the configuration is the installation's
     * {@code conf/log4j2.properties} and that file is still the shipped one (an edited file starts
     * Log4j core, which honours the edit): console-only for a command that writes no log file; for
     * {@code compile} and {@code batch} the same console lines and compile logs without Log4j core
     * ({@link CompileLoggerContextFactory}). Call from {@code main}, before any logger exists.
     */
    public static void chooseFor(String subcommand, String starfishHome) {
        String file = System.getProperty(CONFIGURATION_FILE);
        boolean installationsOwn = starfishHome != null && file != null
                && Path.of(file).equals(Path.of(starfishHome, "conf", "log4j2.properties"));
        if (!installationsOwn || System.getProperty(CONTEXT_FACTORY) != null) {
            return;
        }
        if (!isShipped(Path.of(file))) {
            return;
        }
        boolean writesLogFiles = "compile".equals(subcommand) || "batch".equals(subcommand);
        System.setProperty(CONTEXT_FACTORY, writesLogFiles ? CompileLoggerContextFactory.class.getName()
                : ConsoleLoggerContextFactory.class.getName());
    }

    /** Whether {@code file} is byte for byte the configuration this build ships (an edited one starts Log4j core). */
    public static boolean isShipped(Path file) {
        try (InputStream shipped = LoggingBootstrap.class.getResourceAsStream("log4j2.properties")) {
            return shipped != null && Arrays.equals(shipped.readAllBytes(), Files.readAllBytes(file));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public static boolean ownLogging() {
        String factory = System.getProperty(CONTEXT_FACTORY);
        return ConsoleLoggerContextFactory.class.getName().equals(factory)
                || CompileLoggerContextFactory.class.getName().equals(factory);
    }

    public static void start() {
        if (ownLogging()) {
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
