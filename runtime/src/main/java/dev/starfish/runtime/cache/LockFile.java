package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The content of a lock file: who holds it and a nonce unique to this acquisition.
 * <pre>
 * starfish-compile-cache-lock/1
 * host=node-3
 * pid=4242
 * start=1764504000000
 * nonce=9f…
 * </pre>
 *
 * @param holder the holding process
 * @param nonce unique to one acquisition: tells the lock we judged stale from a new one
 */
record LockFile(HostIdentity holder, String nonce) {

    static final String FORMAT = "starfish-compile-cache-lock/1";

    LockFile {
        requireNonNull(holder, "holder is null");
        requireNonNull(nonce, "nonce is null");
    }

    byte[] encode() {
        return (FORMAT + "\nhost=" + holder.host() + "\npid=" + holder.pid() + "\nstart=" + holder.start() + "\nnonce="
                + nonce + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** The lock file's content, or empty when it is not one (e.g. a file of another tool). */
    static Optional<LockFile> parse(byte[] bytes) {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        if (lines.length < 5 || !FORMAT.equals(lines[0])) {
            return Optional.empty();
        }
        Map<String, String> fields = new HashMap<>();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        try {
            HostIdentity holder = new HostIdentity(fields.getOrDefault("host", ""), Long.parseLong(fields.get("pid")),
                    Long.parseLong(fields.get("start")));
            String nonce = fields.get("nonce");
            return holder.host().isEmpty() || nonce == null ? Optional.empty() : Optional.of(new LockFile(holder, nonce));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    String describe() {
        return "pid " + holder.pid() + " on " + holder.host();
    }
}
