package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.sandbox.SandboxMode;
import dev.starfish.runtime.sandbox.SandboxPolicy;
import dev.starfish.runtime.sandbox.SandboxProbe;
import dev.starfish.runtime.sandbox.SandboxSupport;
import java.util.List;

/**
 * Which sandbox mode is in force for tool steps, and why: {@code launcher.sandbox} against what
 * this host can do (its probe: a trusted {@code bwrap} and the namespaces it needs).
 */
final class SandboxCheck implements Check {

    @Override
    public List<Finding> run(Installation installation) {
        SandboxMode mode = installation.properties().map(SandboxCheck::modeOf).orElse(SandboxMode.AUTO);
        SandboxProbe probe = installation.host().map(Host::sandboxProbe)
                .orElseGet(() -> new SandboxProbe(installation.environment().get("PATH")));
        SandboxPolicy policy = new SandboxPolicy(mode, probe);
        if (mode == SandboxMode.OFF) {
            return List.of(Finding.ok("sandbox", policy.describe()));
        }
        SandboxSupport support = probe.support();
        if (support.available()) {
            return List.of(Finding.ok("sandbox", policy.describe() + "; each tool step sees the system, the installation's"
                    + " tools, libraries and conf/ and, of the work directory, what its job consumes read-only, writes only"
                    + " its own directory and a private /tmp, no network"));
        }
        String fix = support.howToEnable() + (mode == SandboxMode.REQUIRED ? ", or set " + Setting.SANDBOX.key()
                + "=auto" : "; or set " + Setting.SANDBOX.key() + "=off to run tools unsandboxed without a warning");
        if (mode == SandboxMode.REQUIRED) {
            return List.of(Finding.fail("sandbox", policy.describe() + "; no compile with a tool step can run", fix));
        }
        return List.of(Finding.warn("sandbox", policy.describe() + "; tool steps run unsandboxed, with a warning", fix));
    }

    private static SandboxMode modeOf(StarfishProperties properties) {
        try {
            return SandboxMode.parse(properties.string(Setting.SANDBOX), Setting.SANDBOX.key(),
                    properties.source().toString());
        } catch (RuntimeException e) {
            return SandboxMode.AUTO;
        }
    }
}
