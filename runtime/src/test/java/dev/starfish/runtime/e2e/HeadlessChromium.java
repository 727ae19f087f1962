package dev.starfish.runtime.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's {@code chromium}, headless, opening a local page: returns the DOM after the page ran
 * and every URL the page itself asked the network stack for (from Chromium's net log: requests
 * whose network isolation key is the {@code file://} site of the page; the browser's own
 * background requests carry another key). Name resolution is mapped to nothing, so no request
 * can leave the machine. A machine without chromium fails the test: it is a test dependency that
 * {@code .ci/test.sh} installs.
 */
final class HeadlessChromium {

    private static final List<String> QUIET_BROWSER = List.of("--headless=new", "--no-sandbox", "--disable-gpu",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-default-apps", "--disable-extensions",
            "--disable-domain-reliability", "--metrics-recording-only");

    private final Path executable;

    private HeadlessChromium(Path executable) {
        this.executable = executable;
    }

    /** The chromium on PATH; fails (never skips) when there is none. */
    static HeadlessChromium installed() {
        Optional<Path> found = Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
                .map(dir -> Path.of(dir, "chromium")).filter(Files::isExecutable).findFirst();
        return new HeadlessChromium(found.orElseThrow(() -> new IllegalStateException("chromium is not installed "
                + "(searched PATH for 'chromium'): the report.html test needs Debian's chromium package; run "
                + ".ci/test.sh, which installs it, or apt-get install chromium")));
    }

    /** What the browser made of one page. */
    record Page(String dom, List<String> pageRequests, String stderr) {
    }

    /** Opens {@code html} and dumps its DOM; {@code scratch} holds the profile and the net log. */
    Page open(Path html, Path scratch) {
        try {
            Files.createDirectories(scratch);
            Path netLog = scratch.resolve("netlog.json");
            Path out = scratch.resolve("dom.html");
            Path err = scratch.resolve("stderr.txt");
            List<String> command = new ArrayList<>();
            command.add(executable.toString());
            command.addAll(QUIET_BROWSER);
            command.add("--user-data-dir=" + scratch.resolve("profile"));
            command.add("--log-net-log=" + netLog);
            command.add("--dump-dom");
            command.add(html.toUri().toString());
            Process browser = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!browser.waitFor(3, TimeUnit.MINUTES)) {
                browser.destroyForcibly();
                throw new IllegalStateException("chromium did not finish with " + html + " in 3 minutes");
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            if (browser.exitValue() != 0) {
                throw new IllegalStateException("chromium exited " + browser.exitValue() + " on " + html + ":\n" + stderr);
            }
            return new Page(Files.readString(out, StandardCharsets.UTF_8), pageRequests(netLog), stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The URLs of the net log's requests made on behalf of a {@code file://} page. */
    private static List<String> pageRequests(Path netLog) throws IOException {
        JsonNode log = new ObjectMapper().readTree(netLog.toFile());
        List<String> urls = new ArrayList<>();
        for (JsonNode event : log.path("events")) {
            JsonNode params = event.path("params");
            if (params.has("url") && params.path("network_isolation_key").asText().startsWith("file://")
                    && !urls.contains(params.path("url").asText())) {
                urls.add(params.path("url").asText());
            }
        }
        return urls;
    }
}
