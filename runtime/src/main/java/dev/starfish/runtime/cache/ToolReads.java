package dev.starfish.runtime.cache;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.nativelib.ElfDynamic;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files a tool can be shown to read when it starts, besides itself: for a script, the
 * interpreter of its {@code #!} line; for an ELF file, each {@code DT_NEEDED} library found in
 * its run path ({@code DT_RUNPATH}, else {@code DT_RPATH}, {@code $ORIGIN} expanded) or in its
 * installation's library directories, and those libraries' own in turn. A library the dynamic
 * loader would find only elsewhere (the system's {@code /lib}, {@code LD_LIBRARY_PATH}) is not
 * listed: the cache does not cover it (docs/compile-cache.md).
 */
final class ToolReads {

    private static final int MAX_FILES = 256;

    private ToolReads() {
    }

    /** The files {@code tool} reads, in a stable order (breadth first), each once; never {@code tool} itself. */
    static List<Path> of(Path tool) {
        List<Path> installationDirs = StarfishHome.ofTool(tool).map(StarfishHome::libraryDirs).orElse(List.of());
        Set<Path> found = new LinkedHashSet<>();
        Deque<Path> pending = new ArrayDeque<>(List.of(tool));
        try {
            interpreterOf(tool).ifPresent(interpreter -> {
                found.add(interpreter);
                pending.add(interpreter);
            });
            while (!pending.isEmpty() && found.size() < MAX_FILES) {
                Path file = pending.poll();
                Optional<ElfDynamic> dynamic = ElfDynamic.read(file);
                if (dynamic.isEmpty()) {
                    continue;
                }
                List<Path> dirs = new ArrayList<>(searchPath(file, dynamic.get()));
                dirs.addAll(installationDirs);
                for (String name : dynamic.get().needed()) {
                    Optional<Path> library = resolve(name, dirs);
                    if (library.isPresent() && !library.get().equals(tool) && found.add(library.get())) {
                        pending.add(library.get());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + tool + " to compute the compile cache key: " + e.getMessage(), e);
        }
        return List.copyOf(found);
    }

    /** The interpreter of a {@code #!} line, as written (absolute); for {@code /usr/bin/env NAME}, env itself. */
    static Optional<Path> interpreterOf(Path tool) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(tool)) {
            head = in.readNBytes(256);
        }
        if (head.length < 3 || head[0] != '#' || head[1] != '!') {
            return Optional.empty();
        }
        String line = new String(head, 2, head.length - 2, StandardCharsets.ISO_8859_1).lines().findFirst().orElse("")
                .strip();
        String word = line.split("\\s+", 2)[0];
        if (!word.startsWith("/")) {
            return Optional.empty();
        }
        Path interpreter = Path.of(word);
        return Files.isRegularFile(interpreter) ? Optional.of(interpreter) : Optional.empty();
    }

    private static List<Path> searchPath(Path file, ElfDynamic dynamic) throws IOException {
        Path origin = file.toRealPath().getParent();
        List<Path> dirs = new ArrayList<>();
        for (String dir : dynamic.searchPath()) {
            String expanded = dir.replace("${ORIGIN}", origin.toString()).replace("$ORIGIN", origin.toString());
            if (expanded.startsWith("/")) {
                dirs.add(Path.of(expanded).normalize());
            }
        }
        return dirs;
    }

    private static Optional<Path> resolve(String name, List<Path> dirs) {
        if (name.contains("/")) {
            return Optional.empty();
        }
        return dirs.stream().map(dir -> dir.resolve(name)).filter(Files::isRegularFile).findFirst();
    }
}
