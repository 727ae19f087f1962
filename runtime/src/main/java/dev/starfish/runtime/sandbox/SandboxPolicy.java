package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.Setting;
import java.util.Optional;

/**
 * What the operator asked for ({@code launcher.sandbox}) against what this host can do: whether
 * tool steps run sandboxed, and the one line that says otherwise.
 *
 * @param settings {@code launcher.sandbox.*}
 * @param probe this host's answer, asked only when the mode is not {@code off}
 */
public record SandboxPolicy(SandboxSettings settings, SandboxProbe probe) {

    public SandboxPolicy {
        requireNonNull(settings, "settings is null");
        requireNonNull(probe, "probe is null");
    }

    /** A policy of {@code mode}, nothing writable besides each step's directory. */
    public SandboxPolicy(SandboxMode mode, SandboxProbe probe) {
        this(SandboxSettings.defaults().withMode(mode), probe);
    }

    public SandboxMode mode() {
        return settings.mode();
    }

    /** The words to sandbox tool steps with; empty when they run unsandboxed (off, or auto on a host that cannot). */
    public Optional<BwrapArguments> arguments() {
        return mode() == SandboxMode.OFF ? Optional.empty() : probe.support().bwrap();
    }

    /**
     * Starts the host's trial run of {@code bwrap} on a thread of its own (once per host, and not
     * with {@code off}), so that it overlaps a compile's in-process jobs instead of delaying its
     * first tool step.
     */
    public void probeInBackground() {
        if (mode() != SandboxMode.OFF) {
            probe.startInBackground();
        }
    }

    /** With {@code required} on a host that cannot sandbox: why no compile may run. */
    public Optional<String> refusal() {
        if (mode() != SandboxMode.REQUIRED || probe.support().available()) {
            return Optional.empty();
        }
        SandboxSupport support = probe.support();
        return Optional.of(key() + "=required, but this host cannot run tool steps in a sandbox: " + support.whyNot()
                + "; " + support.howToEnable() + ", or set " + key() + "=auto to run them unsandboxed");
    }

    /** With {@code auto} on a host that cannot sandbox: the warning each command gives once. */
    public Optional<String> warning() {
        if (mode() != SandboxMode.AUTO || probe.support().available()) {
            return Optional.empty();
        }
        SandboxSupport support = probe.support();
        return Optional.of("tool steps run unsandboxed (" + key() + "=auto): " + support.whyNot() + "; to sandbox them, "
                + support.howToEnable() + "; " + key() + "=off runs them so without this warning");
    }

    /** One line for doctor and {@code -###}: {@code on (launcher.sandbox=auto): /usr/bin/bwrap}. */
    public String describe() {
        if (mode() == SandboxMode.OFF) {
            return "off (" + key() + "=off): tools run with every right of the user";
        }
        SandboxSupport support = probe.support();
        if (support.available()) {
            return "on (" + key() + "=" + mode().label() + "): " + support.bwrap().get().bwrap();
        }
        return "unavailable (" + key() + "=" + mode().label() + "): " + support.whyNot();
    }

    private static String key() {
        return Setting.SANDBOX.key();
    }
}
