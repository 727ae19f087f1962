package dev.starfish.runtime.plugin;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The plugin index's file format: a header naming the format and the host that wrote it, then one
 * record per jar. Binary (Java's data streams), so reading it loads no parser; whatever does not
 * parse, or was written by another host, reads as an empty index. Strings are a length and UTF-8
 * bytes rather than {@code writeUTF}'s modified UTF-8, which {@code readUTF} decodes a char at a
 * time: with a thousand plugins that loop alone was most of the index's cold read.
 */
final class PluginIndexCodec {

    private static final String MAGIC = "starfish-plugin-index-3";

    /** Longer than any path, hash or declaration text: a corrupt length must not allocate gigabytes. */
    private static final int MAX_STRING_BYTES = 1 << 20;

    private PluginIndexCodec() {
    }

    static void write(DataOutputStream out, String hostStamp, Collection<IndexedJar> jars) throws IOException {
        writeString(out, MAGIC);
        writeString(out, hostStamp);
        out.writeInt(jars.size());
        for (IndexedJar jar : jars) {
            writeString(out, jar.path().toString());
            writeString(out, jar.stat().orElse(""));
            writeString(out, jar.sha256());
            out.writeBoolean(jar.jar().isPresent());
            if (jar.jar().isPresent()) {
                writePlugin(out, jar.jar().get());
            } else {
                writeString(out, jar.failure().orElseThrow().importName());
                writeString(out, jar.failure().orElseThrow().getMessage());
            }
        }
    }

    /** The jars recorded by {@code hostStamp}'s host, by path; empty when the stream was written by another. */
    static Map<Path, IndexedJar> read(DataInputStream in, String hostStamp) throws IOException {
        if (!MAGIC.equals(readString(in)) || !hostStamp.equals(readString(in))) {
            return Map.of();
        }
        int count = in.readInt();
        Map<Path, IndexedJar> jars = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            Path path = Path.of(readString(in));
            String stat = readString(in);
            String sha256 = readString(in);
            Optional<PluginJarReader.PluginJar> plugin = Optional.empty();
            Optional<PluginImportException> failure = Optional.empty();
            if (in.readBoolean()) {
                plugin = Optional.of(readPlugin(in, path));
            } else {
                failure = Optional.of(new PluginImportException(readString(in), readString(in), null));
            }
            jars.put(path, new IndexedJar(path, stat.isEmpty() ? Optional.empty() : Optional.of(stat), sha256, plugin,
                    failure));
        }
        return jars;
    }

    private static void writePlugin(DataOutputStream out, PluginJarReader.PluginJar jar) throws IOException {
        writeString(out, jar.info().id());
        writeString(out, jar.info().version());
        out.writeBoolean(jar.bundlesPluginApi());
        out.writeBoolean(jar.bundlesTools());
        out.writeInt(jar.jobClasses().size());
        for (JobClassEntry entry : jar.jobClasses()) {
            writeString(out, entry.className());
            writeString(out, entry.problem().orElse(""));
            out.writeBoolean(entry.linked());
            out.writeBoolean(entry.declaration().isPresent());
            if (entry.declaration().isPresent()) {
                writeDeclaration(out, entry.declaration().get());
            }
        }
    }

    private static PluginJarReader.PluginJar readPlugin(DataInputStream in, Path path) throws IOException {
        PluginInfo info = new PluginInfo(readString(in), readString(in), path);
        boolean bundlesApi = in.readBoolean();
        boolean bundlesTools = in.readBoolean();
        int count = in.readInt();
        List<JobClassEntry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String className = readString(in);
            String problem = readString(in);
            boolean linked = in.readBoolean();
            Optional<JobDeclaration> declaration = in.readBoolean() ? Optional.of(readDeclaration(in)) : Optional.empty();
            entries.add(new JobClassEntry(className, declaration, problem.isEmpty() ? Optional.empty()
                    : Optional.of(problem), linked));
        }
        List<String> classNames = new ArrayList<>(entries.size());
        for (JobClassEntry entry : entries) {
            classNames.add(entry.className());
        }
        return new PluginJarReader.PluginJar(info, classNames, bundlesApi,
                bundlesTools, entries);
    }

    private static void writeDeclaration(DataOutputStream out, JobDeclaration d) throws IOException {
        writeString(out, d.name());
        writeString(out, d.kind().name());
        writeString(out, d.tool().orElse(""));
        out.writeInt(d.options().size());
        for (JobOption o : d.options()) {
            writeString(out, o.name());
            writeString(out, o.paramLabel());
            writeString(out, o.description());
            writeString(out, o.defaultValue());
            writeString(out, o.type().name());
        }
        writeList(out, d.consumes());
        writeList(out, d.produces());
        out.writeBoolean(d.perSubgraph());
        writeString(out, d.enabledBy().orElse(""));
        writeString(out, d.action());
        out.writeInt(d.declares().size());
        for (Artifacts.Artifact a : d.declares()) {
            writeString(out, a.name());
            writeString(out, a.scope().name());
            writeList(out, a.files());
            out.writeBoolean(a.intermediate());
            out.writeBoolean(a.packed());
        }
    }

    private static JobDeclaration readDeclaration(DataInputStream in) throws IOException {
        String name = readString(in);
        JobKind kind = JobKind.valueOf(readString(in));
        Optional<String> tool = JobDeclaration.toolOf(readString(in));
        int count = in.readInt();
        List<JobOption> options = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            options.add(new JobOption(readString(in), readString(in), readString(in), readString(in),
                    JobOption.Type.valueOf(readString(in))));
        }
        List<String> consumes = readList(in);
        List<String> produces = readList(in);
        boolean perSubgraph = in.readBoolean();
        Optional<String> enabledBy = JobDeclaration.toolOf(readString(in));
        String action = readString(in);
        int artifactCount = in.readInt();
        List<Artifacts.Artifact> declares = new ArrayList<>();
        for (int i = 0; i < artifactCount; i++) {
            declares.add(new Artifacts.Artifact(readString(in), Artifacts.Scope.valueOf(readString(in)), readList(in),
                    in.readBoolean(), false, in.readBoolean()));
        }
        return new JobDeclaration(name, kind, tool, options, consumes, produces, perSubgraph, enabledBy, action,
                declares);
    }

    private static void writeList(DataOutputStream out, List<String> values) throws IOException {
        out.writeInt(values.size());
        for (String value : values) {
            writeString(out, value);
        }
    }

    private static List<String> readList(DataInputStream in) throws IOException {
        int count = in.readInt();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(readString(in));
        }
        return values;
    }

    private static void writeString(DataOutputStream out, String value) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_STRING_BYTES) {
            throw new IOException("a string of " + length + " bytes in the plugin index; expected 0 to " + MAX_STRING_BYTES);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
