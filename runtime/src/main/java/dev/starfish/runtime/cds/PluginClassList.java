package dev.starfish.runtime.cds;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import org.objectweb.asm.ClassReader;

/**
 * Adds the classes the plugins' own loaders defined in a training run to a class list, so that
 * {@code -Xshare:dump} archives them too. HotSpot's {@code -XX:DumpLoadedClassList} leaves out
 * classes of user-defined loaders; the static archive still takes them as "unregistered" entries
 * ({@code name id: N super: S interfaces: I… source: JAR}), where every class gets an id and a
 * class's super class and interfaces must be listed, with their ids, before it.
 *
 * <p>At run time the JVM hands an archived unregistered class to a user-defined loader only when
 * that loader defines a class of the same name whose bytes have the same size and CRC-32, and to one
 * loader at most: a plugin whose jar changed loads its own classes as before, and of two plugins
 * bundling the same library only the first to load it gets the archived copy (so only the first
 * occurrence of a name is listed). A class whose super class or an interface cannot be listed is
 * left out rather than failing the dump.
 */
public final class PluginClassList {

    /** A {@code -Xlog:class+load} line of a class defined from a jar: its name and the jar. */
    private static final Pattern LOADED_FROM_JAR = Pattern.compile("^(?:\\[[^]]*])*\\s*(\\S+) source: file:(/\\S+\\.jar)$");

    private final Map<String, Integer> ids = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();
    private int nextId;

    /** A class some plugin's loader defined: its internal name, jar, super class and interfaces. */
    record PluginClass(String name, Path jar, String superName, List<String> interfaces) {
        String key() {
            return key(jar, name);
        }

        static String key(Path jar, String name) {
            return jar + "!" + name;
        }
    }

    /**
     * What the plugins' loaders defined in the run: the classes to list (the first of each name) and
     * every class each jar's loader defined, listed or not.
     */
    record PluginClasses(List<PluginClass> toList, Set<String> defined) {
    }

    /**
     * The class list: the built-in loaders' classes of {@code builtinList} with ids, then the
     * plugin classes of {@code classLoadLog} that came from jars under {@code pluginsDir}, then the
     * list's {@code @} lines (lambda proxies and the like) unchanged.
     */
    public static List<String> merge(List<String> builtinList, List<String> classLoadLog, Path pluginsDir) {
        PluginClassList list = new PluginClassList();
        List<String> directives = new ArrayList<>();
        for (String line : builtinList) {
            if (line.startsWith("@")) {
                directives.add(line);
            } else if (!line.isBlank() && !line.startsWith("#")) {
                list.addBuiltin(line.strip());
            }
        }
        list.addPluginClasses(pluginClasses(classLoadLog, pluginsDir));
        list.lines.addAll(directives);
        return list.lines;
    }

    private void addBuiltin(String name) {
        if (!ids.containsKey(name)) {
            ids.put(name, nextId);
            lines.add(name + " id: " + nextId++);
        }
    }

    /** Lists each class once its super class and interfaces are listed; what never can be is left out. */
    private void addPluginClasses(PluginClasses classes) {
        Map<String, Integer> ownIds = new LinkedHashMap<>();
        List<PluginClass> waiting = new ArrayList<>(classes.toList());
        boolean progress = true;
        while (progress && !waiting.isEmpty()) {
            progress = false;
            for (var it = waiting.iterator(); it.hasNext(); ) {
                PluginClass c = it.next();
                Integer superId = idOf(c.superName(), c, classes, ownIds);
                List<Integer> interfaceIds = new ArrayList<>();
                for (String type : c.interfaces()) {
                    interfaceIds.add(idOf(type, c, classes, ownIds));
                }
                if (superId == null || interfaceIds.contains(null)) {
                    continue;
                }
                StringBuilder line = new StringBuilder(c.name()).append(" id: ").append(nextId).append(" super: ").append(superId);
                if (!interfaceIds.isEmpty()) {
                    line.append(" interfaces:");
                    interfaceIds.forEach(id -> line.append(' ').append(id));
                }
                lines.add(line.append(" source: ").append(c.jar()).toString());
                ownIds.put(c.key(), nextId++);
                it.remove();
                progress = true;
            }
        }
    }

    /**
     * The id of a class {@code of} names: the plugin's own class of that name when its loader defined
     * one in the run (child-first), else a built-in loader's (the JDK, the plugin API); null while
     * neither is listed yet, or when the own class is not listed at all.
     */
    private Integer idOf(String name, PluginClass of, PluginClasses classes, Map<String, Integer> ownIds) {
        String own = PluginClass.key(of.jar(), name);
        return classes.defined().contains(own) ? ownIds.get(own) : ids.get(name);
    }

    /**
     * The classes of the log defined from a jar under {@code pluginsDir}. A jar that is gone or
     * unreadable since the run, or a class no longer in its jar, is left out.
     */
    static PluginClasses pluginClasses(List<String> classLoadLog, Path pluginsDir) {
        Map<String, PluginClass> found = new LinkedHashMap<>();
        Set<String> defined = new HashSet<>();
        Map<Path, Optional<JarFile>> jars = new HashMap<>();
        try {
            for (String line : classLoadLog) {
                Matcher m = LOADED_FROM_JAR.matcher(line.strip());
                if (!m.matches()) {
                    continue;
                }
                String name = m.group(1).replace('.', '/');
                Path jar = Path.of(m.group(2));
                if (!jar.startsWith(pluginsDir) || !defined.add(PluginClass.key(jar, name)) || found.containsKey(name)) {
                    continue;
                }
                Optional<JarFile> file = jars.computeIfAbsent(jar, PluginClassList::open);
                if (file.isPresent()) {
                    read(file.get(), name).ifPresent(reader ->
                            found.put(name, new PluginClass(name, jar, reader.getSuperName(), List.of(reader.getInterfaces()))));
                }
            }
        } finally {
            jars.values().forEach(jar -> jar.ifPresent(PluginClassList::closeQuietly));
        }
        return new PluginClasses(List.copyOf(found.values()), Set.copyOf(defined));
    }

    private static Optional<JarFile> open(Path jar) {
        try {
            return Optional.of(new JarFile(jar.toFile(), false));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The class's reader, unless the jar lacks it or it is {@code java/lang/Object}-like (no super class). */
    private static Optional<ClassReader> read(JarFile jar, String name) {
        ZipEntry entry = jar.getEntry(name + ".class");
        if (entry == null) {
            return Optional.empty();
        }
        try (InputStream in = jar.getInputStream(entry)) {
            ClassReader reader = new ClassReader(in);
            return reader.getSuperName() == null ? Optional.empty() : Optional.of(reader);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static void closeQuietly(JarFile jar) {
        try {
            jar.close();
        } catch (IOException ignored) {
            // read-only; nothing to lose
        }
    }

    /**
     * {@code PluginClassList BUILTIN_LIST CLASS_LOAD_LOG PLUGINS_DIR OUT}: used by bin/starfish when it
     * dumps the archive. Exit 0, or 1 with one line on stderr (bin/starfish then dumps without it).
     */
    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: PluginClassList BUILTIN_LIST CLASS_LOAD_LOG PLUGINS_DIR OUT");
            System.exit(2);
        }
        try {
            Path pluginsDir = Path.of(args[2]).toRealPath();
            List<String> merged = merge(Files.readAllLines(Path.of(args[0])), Files.readAllLines(Path.of(args[1])),
                    pluginsDir);
            Files.write(Path.of(args[3]), merged);
        } catch (IOException | RuntimeException e) {
            System.err.println("starfish-cds: cannot list the plugins' classes: " + e);
            System.exit(1);
        }
    }
}
