package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.sandbox.SandboxSettings;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.launch.ToolTimeouts;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/** {@code conf/starfish.properties}: it parses, every known key has a value of its type, no key is unknown. */
final class PropertiesCheck implements Check {

    @Override
    public List<Finding> run(Installation installation) {
        Path file = installation.home().confDir().resolve("starfish.properties");
        if (!Files.exists(file)) {
            return List.of(Finding.ok("settings", file + " is absent: every setting has its default"));
        }
        Properties raw = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            raw.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            return List.of(Finding.fail("settings", file + " does not parse: " + e.getMessage(),
                    "fix the file (Java properties syntax, UTF-8) or restore the shipped one"));
        }
        StarfishProperties properties = installation.properties().orElseGet(() -> StarfishProperties.load(file));
        List<Finding> findings = new ArrayList<>();
        for (String key : new TreeSet<>(raw.stringPropertyNames())) {
            String problem = problemOf(properties, key, file);
            if (problem != null) {
                findings.add(problem.startsWith("unknown") ? Finding.warn("settings", file + ": " + problem,
                        "remove or correct the key (known keys: docs and the shipped file)")
                        : Finding.fail("settings", problem, "correct the value in " + file));
            }
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok("settings", file + " parses; " + raw.size() + " keys, each valid"));
        }
        return findings;
    }

    /** What is wrong with one key's value, or {@code null}. */
    private static String problemOf(StarfishProperties properties, String key, Path file) {
        try {
            if (key.startsWith(ToolTimeouts.KEY_PREFIX)) {
                ToolTimeouts.parseSeconds(key, properties.string(key, "0"), file.toString());
                return null;
            }
            Setting setting = Setting.ofKey(key).orElse(null);
            if (setting == null) {
                return "unknown key '" + key + "'";
            }
            String fallback = setting.defaultValue().orElse("");
            if (setting == Setting.SANDBOX || setting == Setting.SANDBOX_WRITABLE) {
                SandboxSettings.of(properties);
            } else if (fallback.matches("\\d+")) {
                properties.integer(setting);
            } else if (fallback.equals("true") || fallback.equals("false")) {
                properties.flag(setting);
            }
            return null;
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }
}
