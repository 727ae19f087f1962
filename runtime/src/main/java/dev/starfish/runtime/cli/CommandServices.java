package dev.starfish.runtime.cli;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.host.HostSource;
import dev.starfish.runtime.report.DriverStart;
import java.util.function.Supplier;

/**
 * What the caller of a command provides beyond its {@code Invocation}, and differs between the
 * one-shot driver and a resident server: where the host comes from (a fresh one, or the server's
 * warm one) and where a compile's report measures from (the process's start, or the moment the
 * server received the client's request), and whether the command line's model is made on demand
 * or ahead of the command (a server's {@link CommandModels}).
 */
public record CommandServices(HostSource hosts, Supplier<DriverStart> driverStart, CommandModels models) {

    public CommandServices {
        requireNonNull(hosts, "hosts is null");
        requireNonNull(driverStart, "driverStart is null");
        requireNonNull(models, "models is null");
    }

    /** The one-shot driver's: a fresh host, measured from the process's start. */
    public static CommandServices oneShot() {
        return new CommandServices(HostSource.fresh(), DriverStart::ofProcess, CommandModels.madeOnDemand());
    }
}
