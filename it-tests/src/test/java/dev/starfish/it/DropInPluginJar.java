package dev.starfish.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.starfish.api.Job;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.pf4j.Extension;

/**
 * A third-party job plugin, built the way an outside team would: one native job compiled
 * against the published plugin API only, packed with a PF4J manifest, an extension index and
 * its own tool at {@code native/linux-x86_64/bin/<tool>}. Nothing of it exists in the distribution.
 */
final class DropInPluginJar {

    static final String PLUGIN_ID = "dropin-stamp";
    static final String JOB = "DropInStamp";
    static final String TOOL = "dropin_stamp";
    /** What the bundled tool writes into each subgraph directory: its own path. */
    static final String STAMP_FILE = "dropin_stamp.txt";

    private static final String PACKAGE = "com.example.dropin.";

    private static final String SOURCE = """
            package com.example.dropin;

            import dev.starfish.api.JobKind;
            import dev.starfish.api.JobOptions;
            import dev.starfish.api.JobSpec;
            import dev.starfish.api.JobState;
            import dev.starfish.api.NativeJob;
            import dev.starfish.api.Subgraph;
            import java.nio.file.Path;
            import java.util.List;

            /** Stamps every subgraph with the bundled dropin_stamp tool. */
            @org.pf4j.Extension
            @JobSpec(kind = JobKind.NATIVE, tool = "dropin_stamp", perSubgraph = true)
            public class DropInStamp extends NativeJob {

                @Override
                protected List<String> argv(Path tool, Subgraph input, JobState state, JobOptions options) {
                    return List.of(tool.toString(), input.name());
                }
            }
            """;

    private static final String TOOL_SCRIPT = """
            #!/bin/sh
            # dropin_stamp: the drop-in plugin's bundled tool; records where it ran from.
            echo "dropin_stamp: stamping $1 from $0"
            printf '%s\\n' "$0" > dropin_stamp.txt
            """;

    private DropInPluginJar() {
    }

    /** Compiles the job in {@code scratch} and returns the plugin jar's bytes. */
    static byte[] build(Path scratch) {
        return build(scratch, PLUGIN_ID, JOB);
    }

    /** The same plugin as another plugin id declaring another job name ({@code job}, a Java class name). */
    static byte[] build(Path scratch, String pluginId, String job) {
        try {
            Path src = Files.createDirectories(scratch.resolve(pluginId + "/src/com/example/dropin"));
            Path classes = Files.createDirectories(scratch.resolve(pluginId + "/classes"));
            Path source = Files.writeString(src.resolve(job + ".java"), SOURCE.replace(JOB, job));
            String classPath = location(Job.class) + java.io.File.pathSeparator + location(Extension.class);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                throw new IllegalStateException("no system Java compiler: run the suite on a JDK, not a JRE");
            }
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int rc = javac.run(null, diagnostics, diagnostics, "-proc:none", "--release", "17", "-cp", classPath,
                    "-d", classes.toString(), source.toString());
            if (rc != 0) {
                throw new IllegalStateException("the drop-in plugin did not compile against the plugin API:\n"
                        + diagnostics.toString(UTF_8));
            }
            return pack(classes, pluginId, PACKAGE + job);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] pack(Path classes, String pluginId, String jobClass) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Plugin-Id", pluginId);
        manifest.getMainAttributes().putValue("Plugin-Version", "1.0.0");
        manifest.getMainAttributes().putValue("Plugin-Provider", "Example Corp (integration test)");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            List<Path> files = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(classes)) {
                walk.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
            for (Path file : files) {
                add(jar, classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
            add(jar, "META-INF/extensions.idx", (jobClass + "\n").getBytes(UTF_8));
            add(jar, "native/linux-x86_64/bin/" + TOOL, TOOL_SCRIPT.getBytes(UTF_8));
        }
        return bytes.toByteArray();
    }

    private static void add(JarOutputStream jar, String name, byte[] content) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(content);
        jar.closeEntry();
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
