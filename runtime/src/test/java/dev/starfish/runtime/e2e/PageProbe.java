package dev.starfish.runtime.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures a {@code report.html} as Chromium lays it out: a copy of the page (its policy, which
 * forbids scripts, taken out) runs one script after the page that writes what the browser computed
 * (bounding boxes, computed colours, line counts, visible text) as JSON into the dumped DOM.
 */
final class PageProbe {

    private static final String SCRIPT = """
            <pre id="probe"></pre><script>
            (function () {
              const out = {};
              const svg = document.getElementById('timeline');
              const vb = svg.viewBox.baseVal;
              out.box = vb && vb.width > 0 ? {x: vb.x, y: vb.y, w: vb.width, h: vb.height}
                  : {x: 0, y: 0, w: svg.width.baseVal.value, h: svg.height.baseVal.value};
              out.ticks = [...svg.querySelectorAll('text.tick')].map(t => {
                const b = t.getBBox();
                return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
              });
              out.bars = [...svg.querySelectorAll('g')].map(g => ({cls: g.getAttribute('class'),
                  title: g.querySelector('title') ? g.querySelector('title').textContent : '',
                  x: g.querySelector('rect').getBBox().x, fill: getComputedStyle(g.querySelector('rect')).fill}));
              out.legend = [...document.querySelectorAll('#legend li')].map(li => ({text: li.textContent.trim(),
                  fill: getComputedStyle(li.querySelector('rect')).fill}));
              out.outcome = document.getElementById('outcome').innerText;
              const failures = document.getElementById('failures');
              out.failures = failures ? failures.innerText : '';
              out.jobRows = [...document.querySelectorAll('#jobs tr')].map(tr => tr.innerText);
              out.cells = [...document.querySelectorAll('#steps td:not(:last-child), #jobs td')].map(td => {
                const range = document.createRange();
                range.selectNodeContents(td);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                return {text: td.innerText, lines: tops.size};
              });
              out.scripts = [...document.querySelectorAll('code')].map(c => c.textContent).filter(t => /\\.sh$/.test(t));
              out.removed = [...document.querySelectorAll('.removed')].map(e => e.textContent);
              document.getElementById('probe').textContent = JSON.stringify(out);
            })();
            </script>
            """;
    private static final Pattern PROBE = Pattern.compile("<pre id=\"probe\">(.*?)</pre>", Pattern.DOTALL);

    private PageProbe() {
    }

    /** What Chromium made of {@code page}; {@code scratch} holds the probed copy and the browser's files. */
    static JsonNode measure(HeadlessChromium chromium, Path page, Path scratch) {
        try {
            Files.createDirectories(scratch);
            String html = Files.readString(page).replaceFirst("<meta http-equiv=\"Content-Security-Policy\"[^>]*>", "")
                    .replace("</body>", SCRIPT + "</body>");
            Path probed = Files.writeString(scratch.resolve("probed.html"), html);
            String dom = chromium.open(probed, scratch.resolve("chromium")).dom();
            Matcher json = PROBE.matcher(dom);
            if (!json.find() || json.group(1).isEmpty()) {
                throw new IllegalStateException("the probe script wrote nothing into " + probed + ":\n" + dom);
            }
            String text = json.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u00a0")
                    .replace("&amp;", "&");
            return new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
