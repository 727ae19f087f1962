package dev.starfish.runtime.registry;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.starfish.api.PluginApi;
import dev.starfish.api.processing.JobIndexProcessor;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds real plugin jars for tests: compiles Java sources with the JDK's compiler
 * against the plugin API and PF4J on the test class path, with the plugin API's job index
 * processor, and packs them with a PF4J manifest and an extension index, like a plugin
 * module's build does.
 */
public final class PluginJarBuilder {

    private final Path workDir;
    private final Map<String, String> sources = new LinkedHashMap<>();
    private final Map<String, byte[]> extraEntries = new LinkedHashMap<>();
    private final List<String> extensions = new ArrayList<>();
    private final List<String> omitted = new ArrayList<>();
    private final String pluginId;
    private String manifestId;
    private String requires;
    private String version = "1.0.0";
    private boolean withDescriptor = true;
    private UnaryOperator<String> jobIndex = UnaryOperator.identity();

    public PluginJarBuilder(Path workDir, String pluginId) {
        this.workDir = workDir;
        this.pluginId = pluginId;
    }

    public PluginJarBuilder source(String className, String code) {
        sources.put(className, code);
        return this;
    }

    /** A job class: source plus an entry in the extension index. */
    public PluginJarBuilder job(String className, String code) {
        extensions.add(className);
        return source(className, code);
    }

    /** Lists a class in the extension index without providing it. */
    public PluginJarBuilder listedJob(String className) {
        extensions.add(className);
        return this;
    }

    public PluginJarBuilder entry(String name, String text) {
        extraEntries.put(name, text.getBytes(UTF_8));
        return this;
    }

    public PluginJarBuilder entry(String name, byte[] bytes) {
        extraEntries.put(name, bytes.clone());
        return this;
    }

    /**
     * Compiles the classes whose binary names start with {@code prefix} but leaves them out of the jar,
     * as a jar built without bundling a library they belong to.
     */
    public PluginJarBuilder omit(String prefix) {
        omitted.add(prefix);
        return this;
    }

    public PluginJarBuilder version(String newVersion) {
        this.version = newVersion;
        return this;
    }

    /** Writes {@code Plugin-Requires: range} into the manifest (none by default). */
    public PluginJarBuilder requires(String range) {
        this.requires = range;
        return this;
    }

    /** Writes this {@code Plugin-Id} into the manifest instead of the one given to the constructor. */
    public PluginJarBuilder pluginId(String id) {
        this.manifestId = id;
        return this;
    }

    /**
     * Rewrites the build-time job index's text with {@code edit} before it is packed. By default the
     * builder compiles with the plugin API's job index processor, as a plugin's Maven build does, so
     * the jar carries the true {@code META-INF/starfish/jobs.json}.
     */
    public PluginJarBuilder withJobIndex(UnaryOperator<String> edit) {
        this.jobIndex = edit;
        return this;
    }

    /**
     * Compiles without any annotation processor, so the jar has no build-time job index: a jar built
     * before the index (or by hand), whose declarations the host reads from the class files.
     */
    public PluginJarBuilder withoutJobIndex() {
        this.jobIndex = null;
        return this;
    }

    public PluginJarBuilder withoutDescriptor() {
        this.withDescriptor = false;
        return this;
    }

    /** Compiles and writes {@code <dir>/<fileName>}. */
    public Path buildInto(Path dir, String fileName) {
        try {
            Path classes = compile();
            Path jar = dir.resolve(fileName);
            Files.createDirectories(dir);
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            if (withDescriptor) {
                manifest.getMainAttributes().putValue("Plugin-Id", manifestId != null ? manifestId : pluginId);
                manifest.getMainAttributes().putValue("Plugin-Version", version);
                if (requires != null) {
                    manifest.getMainAttributes().putValue("Plugin-Requires", requires);
                }
            }
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
                addTree(jarOut, classes, omitted);
                jarOut.putNextEntry(new JarEntry("META-INF/extensions.idx"));
                jarOut.write(String.join("\n", extensions).concat("\n").getBytes(UTF_8));
                jarOut.closeEntry();
                for (Map.Entry<String, byte[]> e : extraEntries.entrySet()) {
                    jarOut.putNextEntry(new JarEntry(e.getKey()));
                    jarOut.write(e.getValue());
                    jarOut.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path compile() throws IOException {
        Path src = Files.createTempDirectory(workDir, pluginId + "-src");
        Path out = Files.createTempDirectory(workDir, pluginId + "-classes");
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-cp",
                System.getProperty("java.class.path"), "--release", "17"));
        args.addAll(jobIndex == null ? List.of("-proc:none") : List.of("-processor", JobIndexProcessor.class.getName()));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        if (sources.isEmpty()) {
            return out;
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("fixture plugin " + pluginId + " did not compile (javac exit " + rc + ")");
        }
        Path index = out.resolve(PluginApi.JOB_INDEX);
        if (jobIndex != null && Files.exists(index)) {
            Files.writeString(index, jobIndex.apply(Files.readString(index)));
        }
        return out;
    }

    private static void addTree(JarOutputStream jarOut, Path root, List<String> omitted) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                if (omitted.stream().anyMatch(prefix -> name.replace('/', '.').startsWith(prefix))) {
                    continue;
                }
                jarOut.putNextEntry(new JarEntry(name));
                jarOut.write(Files.readAllBytes(file));
                jarOut.closeEntry();
            }
        }
    }

    /** Source of a trivial in-process job {@code pkg.Name} whose run records {@code body}'s value as an artifact. */
    public static String inProcessJob(String pkg, String name, String staticInit, String valueExpression) {
        return "package " + pkg + ";\n"
                + "import dev.starfish.api.*;\n"
                + "import java.nio.file.Path;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + name + " extends InProcessJob {\n"
                + "  static { " + staticInit + " }\n"
                + "  @Override protected void runOnState(JobState state, JobContext context) {\n"
                + "    state.putArtifact(\"" + name + "\", Path.of(String.valueOf(" + valueExpression + ")));\n"
                + "  }\n"
                + "  @Override protected void runSingleInput(Subgraph input, JobState state, JobContext context) { }\n"
                + "}\n";
    }
}
