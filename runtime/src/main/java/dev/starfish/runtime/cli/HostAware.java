package dev.starfish.runtime.cli;

import dev.starfish.runtime.host.Host;

/**
 * A subcommand, or a mixin of one, that needs the loaded plugins before the command line is
 * parsed: {@code compile} and {@code batch} (each job's options, through {@link AttachedHost}) and
 * the commands that describe the whole command model (completion, man pages). {@link StarfishCli}
 * opens the host and attaches it.
 */
interface HostAware {

    void attach(Host host);
}
