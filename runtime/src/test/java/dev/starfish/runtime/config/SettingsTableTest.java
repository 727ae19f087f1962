package dev.starfish.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The shipped {@code conf/starfish.properties} says what the {@link Setting} table says, and nothing else. */
class SettingsTableTest {

    private static final Path SHIPPED = Path.of("src/main/dist/conf/starfish.properties");

    private static Properties shipped() throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(SHIPPED, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return properties;
    }

    @Test
    void everyKeyOfTheShippedFileIsASettingOfTheTable() throws IOException {
        assertThat(shipped().stringPropertyNames()).allSatisfy(key ->
                assertThat(Setting.ofKey(key)).as("%s of %s is in the Setting table", key, SHIPPED).isPresent());
    }

    @Test
    void everySettingWithADefaultIsShippedWithThatDefault() throws IOException {
        Properties shipped = shipped();
        for (Setting setting : Setting.values()) {
            setting.defaultValue().ifPresent(value -> assertThat(shipped.getProperty(setting.key()))
                    .as("%s in %s equals the table's default", setting.key(), SHIPPED).isEqualTo(value));
        }
        assertThat(shipped.getProperty(Setting.PIPELINE.key())).as("the required pipeline= is shipped").isNotBlank();
    }

    @Test
    void everySettingIsDocumentedByACommentRightAboveIt() throws IOException {
        List<String> lines = Files.readAllLines(SHIPPED);
        for (Setting setting : Setting.values()) {
            int at = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("#? ?" + java.util.regex.Pattern.quote(setting.key()) + "=.*")) {
                    at = i;
                }
            }
            assertThat(at).as("%s appears in %s (commented out when it has no default)", setting.key(), SHIPPED)
                    .isPositive();
            assertThat(lines.get(at - 1)).as("the line above %s is its comment", setting.key()).startsWith("# ");
        }
    }

    @Test
    void readingASettingFallsBackToTheTablesDefault() {
        StarfishProperties none = StarfishProperties.empty();
        assertThat(none.integer(Setting.MAX_CONCURRENT_SPAWNS)).isEqualTo(8);
        assertThat(none.integer(Setting.KILL_GRACE_MILLIS)).isEqualTo(2000);
        assertThat(none.flag(Setting.NATIVE_DEEPBIND)).isTrue();
        assertThat(none.string(Setting.TOOL_TIMEOUT_SECONDS)).isEqualTo("3600");
        assertThat(none.list(Setting.PIPELINE)).isEmpty();
    }
}
