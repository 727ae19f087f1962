package dev.starfish.runtime.server;

import dev.starfish.runtime.invocation.Terminal;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes a request's payload: NUL-terminated strings, in order the protocol version {@code 2}, the
 * working directory, the argument count and the arguments, the environment's count and its
 * {@code NAME=value} entries, the terminal flags ({@code t}/{@code f} for stdin, stdout, stderr) and
 * the width in columns, the umask (four octal digits) and the client's pid. Everything is checked; anything else is refused with what was expected.
 */
final class RequestDecoder {

    static final String VERSION = "2";
    static final int MAX_COUNT = 65_536;
    static final int MAX_STRING = 128 << 10;
    /** Linux's largest pid_max. */
    static final int MAX_PID = 1 << 22;

    private final byte[] payload;
    private int position;
    private int field;

    private RequestDecoder(byte[] payload) {
        this.payload = payload;
    }

    static ClientRequest decode(byte[] payload) throws ProtocolException {
        return new RequestDecoder(payload).request();
    }

    private ClientRequest request() throws ProtocolException {
        String version = next("the protocol version");
        if (!version.equals(VERSION)) {
            throw new ProtocolException("protocol version '" + printable(version) + "' (this server speaks " + VERSION
                    + "; the client and the"
                    + " server are of different installations)");
        }
        String cwd = next("the working directory");
        Path directory;
        try {
            directory = Path.of(cwd);
        } catch (InvalidPathException e) {
            throw new ProtocolException("a working directory that is not a path: '" + printable(cwd) + "'");
        }
        if (!directory.isAbsolute()) {
            throw new ProtocolException("a working directory that is not absolute: '" + printable(cwd) + "'");
        }
        int argc = count("the argument count");
        List<String> args = new ArrayList<>(argc);
        for (int i = 0; i < argc; i++) {
            args.add(next("argument " + (i + 1) + " of " + argc));
        }
        int envc = count("the environment's count");
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < envc; i++) {
            String entry = next("environment entry " + (i + 1) + " of " + envc);
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new ProtocolException("environment entry " + (i + 1) + " is not NAME=value: '"
                        + printable(entry) + "'");
            }
            env.putIfAbsent(entry.substring(0, equals), entry.substring(equals + 1));
        }
        String flags = next("the terminal flags");
        if (!flags.matches("[tf]{3}")) {
            throw new ProtocolException("terminal flags '" + printable(flags) + "' (expected three of t or f)");
        }
        int columns = number(next("the terminal's columns"), "the terminal's columns", 10_000);
        String mask = next("the umask");
        if (!mask.matches("0[0-7]{3}")) {
            throw new ProtocolException("umask '" + printable(mask) + "' (expected four octal digits, e.g. 0022)");
        }
        int pid = number(next("the client's pid"), "the client's pid", MAX_PID);
        if (pid == 0) {
            throw new ProtocolException("the client's pid 0 (expected a process id of 1 or more)");
        }
        if (position != payload.length) {
            throw new ProtocolException((payload.length - position) + " bytes after the request's last field");
        }
        return new ClientRequest(directory, args, env, new Terminal(flags.charAt(0) == 't', flags.charAt(1) == 't',
                flags.charAt(2) == 't', columns), Integer.parseInt(mask, 8), pid);
    }

    private int count(String what) throws ProtocolException {
        return number(next(what), what, MAX_COUNT);
    }

    private static int number(String text, String what, int max) throws ProtocolException {
        if (!text.matches("[0-9]{1,9}")) {
            throw new ProtocolException(what + " '" + printable(text) + "' is not a decimal number");
        }
        int value = Integer.parseInt(text);
        if (value > max) {
            throw new ProtocolException(what + " " + value + " is over the limit of " + max);
        }
        return value;
    }

    private String next(String what) throws ProtocolException {
        field++;
        int end = position;
        while (end < payload.length && payload[end] != 0) {
            end++;
        }
        if (end == payload.length) {
            throw new ProtocolException("the request ended before " + what + " (field " + field + ")");
        }
        if (end - position > MAX_STRING) {
            throw new ProtocolException(what + " is " + (end - position) + " bytes (at most " + MAX_STRING + ")");
        }
        // bytes that are not UTF-8 become U+FFFD, as the one-shot JVM decodes its argv under C.UTF-8
        String text = new String(payload, position, end - position, StandardCharsets.UTF_8);
        position = end + 1;
        return text;
    }

    private static String printable(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().limit(80).forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return text.length() > 80 ? out + "..." : out.toString();
    }
}
