package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HostSharedPackagesTest {

    private final HostSharedPackages policy = HostSharedPackages.defaults();

    @Test
    void pluginApiPf4jAndLoggingApisAreHostShared() {
        assertThat(policy.isHostShared("dev.starfish.api.Job")).isTrue();
        assertThat(policy.isHostShared("org.pf4j.ExtensionPoint")).isTrue();
        assertThat(policy.isHostShared("org.slf4j.Logger")).isTrue();
        assertThat(policy.isHostShared("org.apache.logging.log4j.Logger")).isTrue();
    }

    @Test
    void logImplementationsAndEverythingElseAreNotShared() {
        assertThat(policy.isHostShared("org.apache.logging.log4j.core.LoggerContext")).isFalse();
        assertThat(policy.isHostShared("com.fasterxml.jackson.databind.ObjectMapper")).isFalse();
        assertThat(policy.isHostShared("picocli.CommandLine")).isFalse();
        assertThat(policy.isHostShared("dev.starfish.apix.Thing")).as("prefix ends with a dot").isFalse();
        assertThat(policy.isHostShared("dev.starfish.runtime.registry.JobRegistry")).isFalse();
    }

    @Test
    void jdkPackagesComeFromTheBootLayer() {
        assertThat(policy.isJdkClass("java.util.List")).isTrue();
        assertThat(policy.isJdkClass("javax.xml.parsers.DocumentBuilder")).isTrue();
        assertThat(policy.isJdkClass("org.w3c.dom.Node")).isTrue();
        assertThat(policy.isJdkClass("javax.inject.Inject")).as("not a JDK package").isFalse();
        assertThat(policy.isJdkClass("org.apache.logging.log4j.Logger")).isFalse();
    }

    @Test
    void resourcesFollowTheSameRules() {
        assertThat(policy.isHostSharedResource("dev/starfish/api/Job.class")).isTrue();
        assertThat(policy.isHostSharedResource("META-INF/extensions.idx")).isFalse();
        assertThat(policy.isJdkResource("java/lang/Object.class")).isTrue();
        assertThat(policy.isJdkResource("fixture/resource.txt")).isFalse();
    }

    @Test
    void aPrefixMustEndWithADot() {
        assertThatThrownBy(() -> new HostSharedPackages(List.of("org.pf4j"), List.of(), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must end with a dot");
    }
}
