package dev.starfish.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Each mode against a host that can sandbox and one that cannot: the words, the warning, the refusal. */
class SandboxPolicyTest {

    private static final SandboxProbe CAN = SandboxProbe.knowing(SandboxSupport.available(
            new BwrapArguments(Path.of("/usr/bin/bwrap"))));
    private static final SandboxProbe CANNOT = SandboxProbe.knowing(SandboxSupport.unavailable(
            "/usr/bin/bwrap cannot create the sandbox here (exit status 1: bwrap: No permissions to create new namespace)",
            SandboxProbe.ENABLE_NAMESPACES));

    @Test
    void autoSandboxesWhereTheHostCanWithoutAWord() {
        SandboxPolicy policy = new SandboxPolicy(SandboxMode.AUTO, CAN);

        assertThat(policy.arguments()).isPresent();
        assertThat(policy.warning()).isEmpty();
        assertThat(policy.refusal()).isEmpty();
        assertThat(policy.describe()).isEqualTo("on (launcher.sandbox=auto): /usr/bin/bwrap");
    }

    @Test
    void autoWarnsOnceNamingWhyAndHowWhereTheHostCannot() {
        SandboxPolicy policy = new SandboxPolicy(SandboxMode.AUTO, CANNOT);

        assertThat(policy.arguments()).isEmpty();
        assertThat(policy.refusal()).isEmpty();
        assertThat(policy.warning()).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("tool steps run unsandboxed (launcher.sandbox=auto): /usr/bin/bwrap cannot create the sandbox")
                .contains("; to sandbox them, allow user namespaces (")
                .contains("--security-opt seccomp=unconfined --security-opt systempaths=unconfined")
                .endsWith("; launcher.sandbox=off runs them so without this warning"));
    }

    @Test
    void requiredRefusesWhereTheHostCannot() {
        SandboxPolicy policy = new SandboxPolicy(SandboxMode.REQUIRED, CANNOT);

        assertThat(policy.refusal()).hasValueSatisfying(refusal -> assertThat(refusal)
                .startsWith("launcher.sandbox=required, but this host cannot run tool steps in a sandbox: /usr/bin/bwrap")
                .endsWith(", or set launcher.sandbox=auto to run them unsandboxed"));
        assertThat(new SandboxPolicy(SandboxMode.REQUIRED, CAN).refusal()).isEmpty();
    }

    @Test
    void offRunsToolsAsBeforeWhateverTheHostCanDo() {
        SandboxPolicy policy = new SandboxPolicy(SandboxMode.OFF, CANNOT);

        assertThat(policy.arguments()).isEmpty();
        assertThat(policy.warning()).isEmpty();
        assertThat(policy.refusal()).isEmpty();
        assertThat(policy.describe())
                .isEqualTo("off (launcher.sandbox=off): tools run with every right of the user");
    }
}
