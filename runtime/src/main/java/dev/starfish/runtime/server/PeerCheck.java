package dev.starfish.runtime.server;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Only the server's own user may use it: the kernel's credentials of the connecting process
 * ({@code SO_PEERCRED}) must name the server's user. The socket directory is already the user's
 * alone; this is the second lock, for a socket reached through a descriptor passed on or a
 * directory whose rights were loosened while the server ran.
 */
final class PeerCheck {

    private final UserPrincipal self;

    private PeerCheck(UserPrincipal self) {
        this.self = self;
    }

    static PeerCheck ofThisProcess() throws IOException {
        return new PeerCheck(Files.getOwner(Path.of("/proc/self")));
    }

    /** Why the peer of {@code channel} is refused, or empty when it is this server's own user. */
    Optional<String> refusal(SocketChannel channel) {
        try {
            UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
            if (peer == null || !self.equals(peer.user())) {
                return Optional.of("this server serves user " + self.getName() + " only; the client runs as "
                        + (peer == null ? "an unknown user" : peer.user().getName()));
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("the client's credentials cannot be read: " + e);
        }
    }
}
