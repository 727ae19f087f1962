package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FrameReaderTest {

    static byte[] frame(char type, byte[] payload) {
        return ByteBuffer.allocate(5 + payload.length).put((byte) type).putInt(payload.length).put(payload).array();
    }

    @Test
    void framesAreReadInOrderAndACleanEndIsNull() throws Exception {
        byte[] two = ByteBuffer.allocate(16).put(frame('K', new byte[] {2})).put(frame('i', new byte[0])).array();
        FrameReader reader = new FrameReader(new ByteArrayInputStream(two, 0, 11));

        assertThat(reader.next().type()).isEqualTo(Frame.SIGNAL);
        assertThat(reader.next().type()).isEqualTo(Frame.STDIN_EOF);
        assertThat(reader.next()).isNull();
    }

    @Test
    void anUnknownTypeOrAnOversizedLengthIsRefusedBeforeItsPayloadIsRead() {
        byte[] unknown = {'O', 0, 0, 0, 0};
        byte[] huge = {'Q', (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        byte[] bigStdin = ByteBuffer.allocate(5).put((byte) 'I').putInt(Frame.MAX_OTHER + 1).array();

        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(unknown)).next())
                .isInstanceOf(ProtocolException.class).hasMessageContaining("unknown type 'O'");
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(huge)).next())
                .hasMessageContaining("of 4294967295 bytes (at most 1048576)");
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(bigStdin)).next())
                .hasMessageContaining("(at most 65536)");
    }

    @Test
    void aTruncatedFrameIsRefusedSayingHowMuchCame() {
        byte[] truncated = {'Q', 0, 0, 0, 10, 'a', 'b'};
        byte[] header = {'Q', 0, 0};

        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(truncated)).next())
                .hasMessageContaining("ended inside the payload of a frame of type 'Q' (10 bytes) after 2 of 10 bytes");
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(header)).next())
                .hasMessageContaining("ended inside the length");
    }

    @Test
    void aTypeThatIsNotPrintableIsNamedInHex() throws IOException {
        assertThatThrownBy(() -> new FrameReader(new ByteArrayInputStream(new byte[] {7, 0, 0, 0, 0})).next())
                .hasMessageContaining("unknown type 0x07");
    }
}
