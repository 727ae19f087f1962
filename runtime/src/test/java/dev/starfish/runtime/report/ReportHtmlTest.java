package dev.starfish.runtime.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page's Content-Security-Policy, read from a page written as a compile writes it. */
class ReportHtmlTest {

    @TempDir
    Path work;

    @Test
    void thePolicyOfAGeneratedPageAllowsInlineStylesAndNoScriptAtAll() throws Exception {
        CompileRecorder recorder = new CompileRecorder(work.resolve("m.hlo"), work, "test");
        ReportWriter.write(recorder.report(Optional.empty()));

        String html = Files.readString(work.resolve("report.html"));
        Matcher policy = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\">")
                .matcher(html);
        assertThat(policy.find()).as("the page has a policy: %s", html).isTrue();
        assertThat(policy.group(1)).isEqualTo("default-src 'none'; style-src 'unsafe-inline'");
        assertThat(html).as("the page has no script for a policy to allow").doesNotContainIgnoringCase("<script");
    }
}
