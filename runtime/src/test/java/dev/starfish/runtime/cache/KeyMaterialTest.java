package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every input that changes the artifact changes the key; nothing else does. */
class KeyMaterialTest {

    @TempDir
    Path tmp;

    private static final String SHA_A = "a".repeat(64);
    private static final String SHA_B = "b".repeat(64);

    private static KeyMaterial.JobFingerprint job(String name, String tool, String toolSha) {
        return new KeyMaterial.JobFingerprint(name, name.toLowerCase(), "1.0", SHA_A, Optional.ofNullable(tool),
                Optional.ofNullable(toolSha));
    }

    private static KeyMaterial base() {
        Map<String, Map<String, List<String>>> options = new LinkedHashMap<>();
        options.put("Walrus", Map.of("--buffer-bytes", List.of("1024"), "--mode", List.of("fast")));
        options.put("Frontend", Map.of());
        return new KeyMaterial(SHA_A, List.of(job("Frontend", null, null), job("Walrus", "walrus_driver", SHA_B)),
                options, "0.1.0");
    }

    private static CacheKey keyWith(UnaryOperator<KeyMaterial> change) {
        return change.apply(base()).key();
    }

    @Test
    void theSameMaterialHasTheSameKey() {
        assertThat(base().key()).isEqualTo(base().key());
        assertThat(base().key().hex()).hasSize(64).matches("[0-9a-f]{64}");
    }

    @Test
    void eachInputThatChangesTheArtifactChangesTheKey() {
        CacheKey original = base().key();
        Map<String, CacheKey> changed = new LinkedHashMap<>();
        changed.put("model bytes", keyWith(m -> new KeyMaterial(SHA_B, m.jobs(), m.options(), m.driverVersion())));
        changed.put("driver version", keyWith(m -> new KeyMaterial(m.modelSha256(), m.jobs(), m.options(), "0.2.0")));
        changed.put("job order", keyWith(m -> new KeyMaterial(m.modelSha256(), List.of(m.jobs().get(1), m.jobs().get(0)),
                m.options(), m.driverVersion())));
        changed.put("a job less", keyWith(m -> new KeyMaterial(m.modelSha256(), m.jobs().subList(0, 1), m.options(),
                m.driverVersion())));
        changed.put("plugin id", keyWith(m -> withSecondJob(m, new KeyMaterial.JobFingerprint("Walrus", "other", "1.0",
                SHA_A, Optional.of("walrus_driver"), Optional.of(SHA_B)))));
        changed.put("plugin version", keyWith(m -> withSecondJob(m, new KeyMaterial.JobFingerprint("Walrus", "walrus",
                "1.1", SHA_A, Optional.of("walrus_driver"), Optional.of(SHA_B)))));
        changed.put("jar sha256", keyWith(m -> withSecondJob(m, new KeyMaterial.JobFingerprint("Walrus", "walrus", "1.0",
                SHA_B, Optional.of("walrus_driver"), Optional.of(SHA_B)))));
        changed.put("tool sha256", keyWith(m -> withSecondJob(m, new KeyMaterial.JobFingerprint("Walrus", "walrus", "1.0",
                SHA_A, Optional.of("walrus_driver"), Optional.of(SHA_A)))));
        changed.put("tool name", keyWith(m -> withSecondJob(m, new KeyMaterial.JobFingerprint("Walrus", "walrus", "1.0",
                SHA_A, Optional.of("walrus2"), Optional.of(SHA_B)))));
        changed.put("an option value", keyWith(m -> withOptions(m, Map.of("--buffer-bytes", List.of("2048"),
                "--mode", List.of("fast")))));
        changed.put("an option more", keyWith(m -> withOptions(m, Map.of("--buffer-bytes", List.of("1024"),
                "--mode", List.of("fast"), "--extra", List.of("1")))));
        changed.put("a repeated value", keyWith(m -> withOptions(m, Map.of("--buffer-bytes", List.of("1024", "1024"),
                "--mode", List.of("fast")))));
        changed.put("list order", keyWith(m -> withOptions(m, Map.of("--buffer-bytes", List.of("1024"),
                "--mode", List.of("fast", "slow")))));
        changed.forEach((what, key) -> assertThat(key).as("changing the %s changes the key", what).isNotEqualTo(original));
        assertThat(changed.values()).as("every change gives its own key").doesNotHaveDuplicates();
    }

    @Test
    void theOrderOptionsWereGivenInDoesNotChangeTheKey() {
        Map<String, List<String>> reversed = new LinkedHashMap<>();
        reversed.put("--mode", List.of("fast"));
        reversed.put("--buffer-bytes", List.of("1024"));
        Map<String, Map<String, List<String>>> options = new LinkedHashMap<>();
        options.put("Frontend", Map.of());
        options.put("Walrus", reversed);
        assertThat(new KeyMaterial(SHA_A, base().jobs(), options, "0.1.0").key()).isEqualTo(base().key());
    }

    @Test
    void fieldsCannotRunIntoEachOther() {
        KeyMaterial ab = new KeyMaterial(SHA_A, List.of(), Map.of("J", Map.of("--x", List.of("a,b"))), "1");
        KeyMaterial aAndB = new KeyMaterial(SHA_A, List.of(), Map.of("J", Map.of("--x", List.of("a", "b"))), "1");
        KeyMaterial split = new KeyMaterial(SHA_A, List.of(), Map.of("J", Map.of("--x", List.of("a\nvalue 1:b"))), "1");
        assertThat(List.of(ab.key(), aAndB.key(), split.key())).doesNotHaveDuplicates();
        assertThat(new String(ab.encode(), java.nio.charset.StandardCharsets.UTF_8)).startsWith("format "
                + KeyMaterial.FORMAT.length() + ":" + KeyMaterial.FORMAT + "\n");
    }

    private static KeyMaterial withSecondJob(KeyMaterial m, KeyMaterial.JobFingerprint second) {
        return new KeyMaterial(m.modelSha256(), List.of(m.jobs().get(0), second), m.options(), m.driverVersion());
    }

    private static KeyMaterial withOptions(KeyMaterial m, Map<String, List<String>> walrus) {
        Map<String, Map<String, List<String>>> options = new LinkedHashMap<>(m.options());
        options.put("Walrus", walrus);
        return new KeyMaterial(m.modelSha256(), m.jobs(), options, m.driverVersion());
    }

    @Test
    void pathsOfTheModelAndOfTheToolsDoNotChangeTheKeyButTheirBytesDo() throws IOException {
        CompileCache cache = CompileCache.forPlan(new CacheSettings(tmp.resolve("absent"), 0, Duration.ofSeconds(60)));
        Path model = Files.writeString(tmp.resolve("model.hlo"), "HloModule m\n");
        Path moved = Files.createDirectories(tmp.resolve("elsewhere")).resolve("renamed.hlo");
        Files.copy(model, moved);
        CacheKey here = cache.key(ModelSnapshot.digestOf(model), List.of(), Map.of(), Map.of(), "0.1.0");
        assertThat(cache.key(ModelSnapshot.digestOf(moved), List.of(), Map.of(), Map.of(), "0.1.0")).as("same bytes elsewhere").isEqualTo(here);
        Files.writeString(moved, "HloModule n\n");
        assertThat(cache.key(ModelSnapshot.digestOf(moved), List.of(), Map.of(), Map.of(), "0.1.0")).as("other bytes").isNotEqualTo(here);
        assertThat(cache.key(ModelSnapshot.digestOf(model), List.of(), Map.of(), Map.of("Unplanned", new JobOptions(Map.of("--x",
                List.of("1")))), "0.1.0")).as("options of a job outside the plan").isEqualTo(here);
        assertThat(Files.exists(tmp.resolve("absent"))).as("computing a key creates no cache").isFalse();
    }
}
