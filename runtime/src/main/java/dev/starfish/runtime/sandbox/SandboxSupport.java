package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Whether this host can run tool steps in a sandbox, as its probe found.
 *
 * @param bwrap the words of the trusted {@code bwrap} that ran the probe; empty when the host cannot sandbox
 * @param whyNot why it cannot, naming what failed (empty when it can)
 * @param howToEnable what an operator does to make it work (empty when it can)
 */
public record SandboxSupport(Optional<BwrapArguments> bwrap, String whyNot, String howToEnable) {

    public SandboxSupport {
        requireNonNull(bwrap, "bwrap is null");
        requireNonNull(whyNot, "whyNot is null");
        requireNonNull(howToEnable, "howToEnable is null");
    }

    public static SandboxSupport available(BwrapArguments bwrap) {
        return new SandboxSupport(Optional.of(bwrap), "", "");
    }

    public static SandboxSupport unavailable(String whyNot, String howToEnable) {
        return new SandboxSupport(Optional.empty(), whyNot, howToEnable);
    }

    public boolean available() {
        return bwrap.isPresent();
    }
}
