package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerControlTest {

    private static Map<String, Object> status(long served) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("pid", 42L);
        status.put("build", "0123456789abcdef");
        status.put("socket", "/run/user/1000/starfish/x.sock");
        status.put("uptimeSeconds", 7L);
        status.put("requestsServed", served);
        status.put("requestsRunning", 1);
        status.put("heapUsedBytes", 11L << 20);
        status.put("heapMaxBytes", 512L << 20);
        return status;
    }

    @Test
    void theStatusLineCountsInEnglish() {
        assertThat(ServerControl.describe(status(1))).isEqualTo("starfish server: pid 42, build 0123456789abcdef, up 7 s,"
                + " 1 command served, 1 running, heap 11 of 512 MB, socket /run/user/1000/starfish/x.sock");
        assertThat(ServerControl.describe(status(0))).contains(", 0 commands served, ");
        assertThat(ServerControl.describe(status(2))).contains(", 2 commands served, ");
    }
}
