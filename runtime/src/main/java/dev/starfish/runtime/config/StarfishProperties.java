package dev.starfish.runtime.config;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/** The operator's settings from {@code conf/starfish.properties}. Immutable; absent file = defaults. */
public final class StarfishProperties {

    private final Properties values;
    private final Path source;

    private StarfishProperties(Properties values, Path source) {
        this.values = values;
        this.source = source;
    }

    public static StarfishProperties load(Path file) {
        requireNonNull(file, "file is null");
        Properties values = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            values.load(reader);
        } catch (NoSuchFileException e) {
            return new StarfishProperties(values, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new StarfishProperties(values, file);
    }

    public static StarfishProperties empty() {
        return new StarfishProperties(new Properties(), Path.of("starfish.properties"));
    }

    /** The file these settings were read from (it may not exist). */
    public Path source() {
        return source;
    }

    /** The setting's value, else its default from {@link Setting}; {@code null} when it has neither. */
    public String string(Setting setting) {
        return string(setting.key(), setting.defaultValue().orElse(null));
    }

    /** The setting as a comma-separated list (empty when unset and without a default). */
    public List<String> list(Setting setting) {
        String value = string(setting);
        return value == null ? List.of() : Arrays.stream(value.split(",", -1)).map(String::trim).toList();
    }

    public long integer(Setting setting) {
        return integer(setting.key(), Long.parseLong(setting.defaultValue().orElseThrow()));
    }

    public boolean flag(Setting setting) {
        return flag(setting.key(), Boolean.parseBoolean(setting.defaultValue().orElseThrow()));
    }

    public String string(String key, String fallback) {
        String value = values.getProperty(key);
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    public long integer(String key, long fallback) {
        String value = string(key, null);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(source + ": " + key + " expects an integer, found '" + value + "'");
        }
    }

    public boolean flag(String key, boolean fallback) {
        String value = string(key, null);
        if (value == null) {
            return fallback;
        }
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new InvalidInputException(source + ": " + key + " expects true or false, found '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }
}
