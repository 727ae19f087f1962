package dev.starfish.runtime.registry;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The metaspace each plugin loader holds, from the JVM's own accounting ({@code jcmd VM.metaspace
 * show-loaders}, asked in-process): one line per opened plugin, e.g. {@code plugin frontend: 287
 * classes, 2.41 MB metaspace}. Asked only when {@code -Dstarfish.metaspace.report=true} (in
 * {@code JAVA_OPTS}), since starting the management beans costs a run about 0.1 s.
 */
final class PluginMetaspace {

    static final String PROPERTY = "starfish.metaspace.report";

    private static final Pattern LOADER = Pattern.compile("\"job:([^\"]+)\".*, (\\d+) class(?:es)?");
    private static final Pattern USED = Pattern.compile("Both:.*committed,\\s+([\\d.]+ [KMG]?B) \\([^)]*\\) used");

    private PluginMetaspace() {
    }

    static boolean wanted() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** One line per plugin loader alive in this JVM; a line saying why when the JVM cannot tell. */
    static List<String> perPlugin() {
        String text;
        try {
            text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmMetaspace",
                    new Object[] {new String[] {"show-loaders"}}, new String[] {String[].class.getName()});
        } catch (JMException | RuntimeException e) {
            return List.of("metaspace per plugin unknown: " + e);
        }
        return parse(text);
    }

    static List<String> parse(String text) {
        List<String> lines = new ArrayList<>();
        String[] all = text.split("\\R");
        for (int i = 0; i < all.length; i++) {
            Matcher loader = LOADER.matcher(all[i]);
            if (!loader.find()) {
                continue;
            }
            for (int j = i + 1; j < Math.min(all.length, i + 5); j++) {
                Matcher used = USED.matcher(all[j]);
                if (used.find()) {
                    lines.add("plugin " + loader.group(1) + ": " + loader.group(2) + " classes, " + used.group(1)
                            + " metaspace");
                    break;
                }
            }
        }
        return lines;
    }
}
