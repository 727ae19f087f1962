package dev.starfish.runtime.registry;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
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
 * parse, or was written by another host, reads as an empty index.
 */
final class PluginIndexCodec {

    private static final String MAGIC = "starfish-plugin-index-1";

    private PluginIndexCodec() {
    }

    static void write(DataOutputStream out, String hostStamp, Collection<IndexedJar> jars) throws IOException {
        out.writeUTF(MAGIC);
        out.writeUTF(hostStamp);
        out.writeInt(jars.size());
        for (IndexedJar jar : jars) {
            out.writeUTF(jar.path().toString());
            out.writeUTF(jar.stat().orElse(""));
            out.writeUTF(jar.sha256());
            out.writeBoolean(jar.jar().isPresent());
            if (jar.jar().isPresent()) {
                writePlugin(out, jar.jar().get());
            } else {
                out.writeUTF(jar.failure().orElseThrow().importName());
                out.writeUTF(jar.failure().orElseThrow().getMessage());
            }
        }
    }

    /** The jars recorded by {@code hostStamp}'s host, by path; empty when the stream was written by another. */
    static Map<Path, IndexedJar> read(DataInputStream in, String hostStamp) throws IOException {
        if (!MAGIC.equals(in.readUTF()) || !hostStamp.equals(in.readUTF())) {
            return Map.of();
        }
        int count = in.readInt();
        Map<Path, IndexedJar> jars = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            Path path = Path.of(in.readUTF());
            String stat = in.readUTF();
            String sha256 = in.readUTF();
            Optional<PluginJarReader.PluginJar> plugin = Optional.empty();
            Optional<PluginImportException> failure = Optional.empty();
            if (in.readBoolean()) {
                plugin = Optional.of(readPlugin(in, path));
            } else {
                failure = Optional.of(new PluginImportException(in.readUTF(), in.readUTF(), null));
            }
            jars.put(path, new IndexedJar(path, stat.isEmpty() ? Optional.empty() : Optional.of(stat), sha256, plugin,
                    failure));
        }
        return jars;
    }

    private static void writePlugin(DataOutputStream out, PluginJarReader.PluginJar jar) throws IOException {
        out.writeUTF(jar.info().id());
        out.writeUTF(jar.info().version());
        out.writeBoolean(jar.bundlesPluginApi());
        out.writeBoolean(jar.bundlesTools());
        out.writeInt(jar.jobClasses().size());
        for (JobClassEntry entry : jar.jobClasses()) {
            out.writeUTF(entry.className());
            out.writeUTF(entry.problem().orElse(""));
            out.writeBoolean(entry.linked());
            out.writeBoolean(entry.declaration().isPresent());
            if (entry.declaration().isPresent()) {
                writeDeclaration(out, entry.declaration().get());
            }
        }
    }

    private static PluginJarReader.PluginJar readPlugin(DataInputStream in, Path path) throws IOException {
        PluginInfo info = new PluginInfo(in.readUTF(), in.readUTF(), path);
        boolean bundlesApi = in.readBoolean();
        boolean bundlesTools = in.readBoolean();
        int count = in.readInt();
        List<JobClassEntry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String className = in.readUTF();
            String problem = in.readUTF();
            boolean linked = in.readBoolean();
            Optional<JobDeclaration> declaration = in.readBoolean() ? Optional.of(readDeclaration(in)) : Optional.empty();
            entries.add(new JobClassEntry(className, declaration, problem.isEmpty() ? Optional.empty()
                    : Optional.of(problem), linked));
        }
        return new PluginJarReader.PluginJar(info, entries.stream().map(JobClassEntry::className).toList(), bundlesApi,
                bundlesTools, entries);
    }

    private static void writeDeclaration(DataOutputStream out, JobDeclaration d) throws IOException {
        out.writeUTF(d.name());
        out.writeUTF(d.kind().name());
        out.writeUTF(d.tool().orElse(""));
        out.writeInt(d.options().size());
        for (JobOption o : d.options()) {
            out.writeUTF(o.name());
            out.writeUTF(o.paramLabel());
            out.writeUTF(o.description());
            out.writeUTF(o.defaultValue());
            out.writeUTF(o.type().name());
        }
        writeList(out, d.consumes());
        writeList(out, d.produces());
        out.writeBoolean(d.perSubgraph());
        out.writeUTF(d.enabledBy().orElse(""));
        out.writeUTF(d.action());
    }

    private static JobDeclaration readDeclaration(DataInputStream in) throws IOException {
        String name = in.readUTF();
        JobKind kind = JobKind.valueOf(in.readUTF());
        Optional<String> tool = JobDeclaration.toolOf(in.readUTF());
        int count = in.readInt();
        List<JobOption> options = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            options.add(new JobOption(in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF(),
                    JobOption.Type.valueOf(in.readUTF())));
        }
        return new JobDeclaration(name, kind, tool, options, readList(in), readList(in), in.readBoolean(),
                JobDeclaration.toolOf(in.readUTF()), in.readUTF());
    }

    private static void writeList(DataOutputStream out, List<String> values) throws IOException {
        out.writeInt(values.size());
        for (String value : values) {
            out.writeUTF(value);
        }
    }

    private static List<String> readList(DataInputStream in) throws IOException {
        int count = in.readInt();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(in.readUTF());
        }
        return values;
    }
}
