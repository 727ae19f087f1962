package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutations of valid frames, as the spawn server's protocol is fuzzed: whatever the bytes, the
 * reader and the decoder either accept them or refuse them with their own exception, and never
 * throw anything else, loop or allocate what a length claims before the bytes are there.
 */
class ProtocolFuzzTest {

    @Test
    void tenThousandMutatedFramesAreAcceptedOrRefusedNeverAnythingElse() throws IOException {
        Random random = new Random(25);
        byte[] seed = FrameReaderTest.frame('Q', RequestDecoderTest.valid());
        int refused = 0;
        for (int round = 0; round < 10_000; round++) {
            byte[] bytes = mutate(seed, random);
            try {
                Frame frame = new FrameReader(new ByteArrayInputStream(bytes)).next();
                if (frame != null && frame.type() == Frame.REQUEST) {
                    RequestDecoder.decode(frame.payload());
                }
            } catch (ProtocolException e) {
                refused++;
                assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
            }
        }
        assertThat(refused).as("most mutations are refused").isGreaterThan(1_000);
    }

    private static byte[] mutate(byte[] seed, Random random) {
        byte[] bytes = seed.clone();
        switch (random.nextInt(4)) {
            case 0 -> bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
            case 1 -> bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            case 2 -> {
                for (int i = 0; i < 8; i++) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            default -> bytes[5 + random.nextInt(bytes.length - 5)] = 0;
        }
        return bytes;
    }
}
