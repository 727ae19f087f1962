package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestDecoderTest {

    static byte[] payload(String... fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String field : fields) {
            out.writeBytes(field.getBytes(StandardCharsets.UTF_8));
            out.write(0);
        }
        return out.toByteArray();
    }

    static byte[] valid() {
        return payload("2", "/home/u/models", "3", "compile", "a b.hlo", "", "2", "HOME=/home/u", "X==y", "ftt", "132", "0027", "4242");
    }

    @Test
    void aRequestKeepsEveryArgumentByteForByteAndItsEnvironmentAndTerminal() throws ProtocolException {
        ClientRequest request = RequestDecoder.decode(valid());

        assertThat(request.workingDirectory()).isEqualTo(Path.of("/home/u/models"));
        assertThat(request.args()).containsExactly("compile", "a b.hlo", "");
        assertThat(request.environment()).isEqualTo(Map.of("HOME", "/home/u", "X", "=y"));
        assertThat(request.terminal().stdinIsTerminal()).isFalse();
        assertThat(request.terminal().stdoutIsTerminal()).isTrue();
        assertThat(request.terminal().columns()).isEqualTo(132);
        assertThat(request.subcommand()).isEqualTo("compile");
        assertThat(request.umask()).isEqualTo(0027);
        assertThat(request.clientPid()).isEqualTo(4242);
    }

    @Test
    void argumentsThatAreNotUtf8BecomeReplacementCharactersAsTheOneShotJvmDecodesThem() throws ProtocolException {
        byte[] bytes = payload("2", "/", "1", "X", "0", "fff", "0", "0022", "1");
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf('X');
        bytes[at] = (byte) 0xff;

        assertThat(RequestDecoder.decode(bytes).args()).containsExactly("\ufffd");
    }

    @Test
    void everyMalformedRequestIsRefusedSayingWhatWasExpected() {
        Map<byte[], String> cases = new LinkedHashMap<>();
        cases.put(payload("1", "/", "0", "0", "fff", "0", "0022", "1"), "protocol version '1' (this server speaks 2");
        cases.put(payload("2", "relative/dir", "0", "0", "fff", "0", "0022", "1"), "a working directory that is not absolute");
        cases.put(payload("2", "/", "x", "0", "fff", "0", "0022", "1"), "the argument count 'x' is not a decimal number");
        cases.put(payload("2", "/", "99999999", "0", "fff", "0", "0022", "1"), "the argument count 99999999 is over the limit");
        cases.put(payload("2", "/", "2", "only-one"), "the request ended before");
        cases.put(payload("2", "/", "0", "1", "NOEQUALS", "fff", "0", "0022", "1"), "environment entry 1 is not NAME=value");
        cases.put(payload("2", "/", "0", "1", "=x", "fff", "0", "0022", "1"), "environment entry 1 is not NAME=value");
        cases.put(payload("2", "/", "0", "0", "yes", "0", "0022", "1"), "terminal flags 'yes' (expected three of t or f)");
        cases.put(payload("2", "/", "0", "0", "fff", "-1", "0022", "1"), "the terminal's columns '-1' is not a decimal number");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "0022", "1", "extra"), "bytes after the request's last field");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "22", "1"), "umask '22' (expected four octal digits");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "0928", "1"), "umask '0928' (expected four octal digits");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "0022", "0"), "the client's pid 0 (expected");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "0022", "99999999"), "the client's pid 99999999 is over");
        cases.put(payload("2", "/", "0", "0", "fff", "0", "0022"), "the request ended before the client's pid");
        cases.forEach((bytes, message) -> assertThatThrownBy(() -> RequestDecoder.decode(bytes))
                .isInstanceOf(ProtocolException.class).hasMessageContaining(message));
    }

    @Test
    void aStringOverItsLimitIsRefusedAndAHostileOneIsShownEscapedAndShort() {
        String huge = "a".repeat(RequestDecoder.MAX_STRING + 1);
        assertThatThrownBy(() -> RequestDecoder.decode(payload("2", "/", "1", huge, "0", "fff", "0", "0022", "1")))
                .hasMessageContaining("is " + (RequestDecoder.MAX_STRING + 1) + " bytes (at most");
        assertThatThrownBy(() -> RequestDecoder.decode(payload("2", "/", "0", "1", "\u001b[2J" + "x".repeat(200),
                "fff", "0", "0022", "1"))).hasMessageContaining("\\x1b[2J").hasMessageNotContaining("\u001b")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(200));
    }

    @Test
    void anEmptyPayloadIsRefused() {
        assertThatThrownBy(() -> RequestDecoder.decode(new byte[0])).hasMessageContaining("ended before the protocol");
        assertThat(List.of()).isEmpty();
    }
}
