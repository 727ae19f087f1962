package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
        return payload("1", "/home/u/models", "3", "compile", "a b.hlo", "", "2", "HOME=/home/u", "X==y", "ftt", "132");
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
    }

    @Test
    void argumentsThatAreNotUtf8BecomeReplacementCharactersAsTheOneShotJvmDecodesThem() throws ProtocolException {
        byte[] bytes = payload("1", "/", "1", "X", "0", "fff", "0");
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf('X');
        bytes[at] = (byte) 0xff;

        assertThat(RequestDecoder.decode(bytes).args()).containsExactly("\ufffd");
    }

    @Test
    void everyMalformedRequestIsRefusedSayingWhatWasExpected() {
        Map<byte[], String> cases = Map.of(
                payload("2", "/", "0", "0", "fff", "0"), "protocol version '2' (this server speaks 1",
                payload("1", "relative/dir", "0", "0", "fff", "0"), "a working directory that is not absolute",
                payload("1", "/", "x", "0", "fff", "0"), "the argument count 'x' is not a decimal number",
                payload("1", "/", "99999999", "0", "fff", "0"), "the argument count 99999999 is over the limit",
                payload("1", "/", "2", "only-one"), "the request ended before",
                payload("1", "/", "0", "1", "NOEQUALS", "fff", "0"), "environment entry 1 is not NAME=value",
                payload("1", "/", "0", "1", "=x", "fff", "0"), "environment entry 1 is not NAME=value",
                payload("1", "/", "0", "0", "yes", "0"), "terminal flags 'yes' (expected three of t or f)",
                payload("1", "/", "0", "0", "fff", "-1"), "the terminal's columns '-1' is not a decimal number",
                payload("1", "/", "0", "0", "fff", "0", "extra"), "bytes after the request's last field");
        cases.forEach((bytes, message) -> assertThatThrownBy(() -> RequestDecoder.decode(bytes))
                .isInstanceOf(ProtocolException.class).hasMessageContaining(message));
    }

    @Test
    void aStringOverItsLimitIsRefusedAndAHostileOneIsShownEscapedAndShort() {
        String huge = "a".repeat(RequestDecoder.MAX_STRING + 1);
        assertThatThrownBy(() -> RequestDecoder.decode(payload("1", "/", "1", huge, "0", "fff", "0")))
                .hasMessageContaining("is " + (RequestDecoder.MAX_STRING + 1) + " bytes (at most");
        assertThatThrownBy(() -> RequestDecoder.decode(payload("1", "/", "0", "1", "\u001b[2J" + "x".repeat(200),
                "fff", "0"))).hasMessageContaining("\\x1b[2J").hasMessageNotContaining("\u001b")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(200));
    }

    @Test
    void anEmptyPayloadIsRefused() {
        assertThatThrownBy(() -> RequestDecoder.decode(new byte[0])).hasMessageContaining("ended before the protocol");
        assertThat(List.of()).isEmpty();
    }
}
