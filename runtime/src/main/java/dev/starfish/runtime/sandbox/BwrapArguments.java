package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code bwrap} words that run one tool step in its sandbox, up to and including {@code --}:
 * every namespace of its own ({@code --unshare-all}: no network, its own PID namespace, so every
 * process it starts ends with it), no capability even for root ({@code --cap-drop ALL}: root could
 * otherwise remount a read-only view writable), gone when its supervisor dies; the system's
 * programs and libraries ({@code /usr}, the {@code /bin} and {@code /lib} links or directories, the
 * few files of {@code /etc} the dynamic loader and user lookups read) read-only; a fresh
 * {@code /proc}, a private {@code /dev} with the usual nodes and a private {@code /tmp}; then the
 * view's inputs read-only (in a directory shown only in part, such as the work directory around a
 * subgraph's step, just those), the directories the operator made writable for every step, and its
 * step directory writable, where the tool starts. Everything else bwrap made is read-only.
 *
 * <p>No {@code --new-session}: the supervisor already starts {@code bwrap} in a session of its own
 * without a terminal (nothing to push keystrokes into), and keeping the tool in that process group
 * lets a timeout's SIGTERM reach it for its grace. Immutable; the system part is read once.
 */
public final class BwrapArguments {

    private static final List<String> TOP_LEVEL = List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32");
    /** What of {@code /etc} programs read at run time; not {@code ld.so.conf}, which only {@code ldconfig} reads. */
    private static final List<String> ETC = List.of("/etc/ld.so.cache", "/etc/alternatives", "/etc/passwd",
            "/etc/group", "/etc/nsswitch.conf", "/etc/localtime");

    private final Path bwrap;
    private final List<String> system;

    public BwrapArguments(Path bwrap) {
        this.bwrap = requireNonNull(bwrap, "bwrap is null");
        this.system = systemWords();
    }

    public Path bwrap() {
        return bwrap;
    }

    /** {@code bwrap ... --}: put the tool's argv after it. */
    public List<String> forStep(SandboxView view) {
        List<String> words = new ArrayList<>();
        words.add(bwrap.toString());
        words.addAll(List.of("--unshare-all", "--die-with-parent", "--cap-drop", "ALL"));
        words.addAll(system);
        // /tmp first: a step directory or an installation below /tmp is mounted on top of it
        words.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"));
        Path step = view.stepDir().normalize();
        Optional<Path> partial = view.partialDir().map(Path::normalize);
        partial.ifPresent(dir -> words.addAll(List.of("--tmpfs", dir.toString())));
        Set<Path> inputs = new LinkedHashSet<>();
        view.readOnly().forEach(path -> inputs.add(path.normalize()));
        for (Path input : inputs) {
            if (!input.startsWith(step) && !input.startsWith("/usr") && !insideAnother(input, inputs)) {
                words.addAll(List.of("--ro-bind-try", source(input), input.toString()));
            }
        }
        for (Path writable : view.alsoWritable()) {
            words.addAll(List.of("--bind-try", source(writable), writable.normalize().toString()));
        }
        words.addAll(List.of("--bind", source(step), step.toString()));
        // the directories bwrap made for mount points (in its root, in a partly shown work directory) stay
        // read-only, so a write there fails as one anywhere else outside the step does instead of vanishing
        partial.ifPresent(dir -> words.addAll(List.of("--remount-ro", dir.toString())));
        words.addAll(List.of("--remount-ro", "/", "--chdir", step.toString(), "--"));
        return List.copyOf(words);
    }

    private static boolean insideAnother(Path input, Set<Path> inputs) {
        return inputs.stream().anyMatch(other -> !other.equals(input) && input.startsWith(other));
    }

    /** A path is mounted from its real place and shown where the command names it. */
    private static String source(Path path) {
        try {
            return path.toRealPath().toString();
        } catch (IOException e) {
            return path.toString();
        }
    }

    /**
     * A symbolic link that points into {@code /usr} ({@code /etc/localtime} on Debian) is made
     * again in the sandbox, where it resolves the same: no mount, about 0.2 ms less per step.
     */
    private static List<String> linkOrBind(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                Path target = Files.readSymbolicLink(file);
                if (target.isAbsolute() && target.normalize().startsWith("/usr/")) {
                    return List.of("--symlink", target.toString(), file.toString());
                }
            }
        } catch (IOException e) {
            // unreadable: bound as it is, or left out by --ro-bind-try
        }
        return List.of("--ro-bind-try", file.toString(), file.toString());
    }

    private static List<String> systemWords() {
        List<String> words = new ArrayList<>(List.of("--ro-bind", "/usr", "/usr"));
        for (String top : TOP_LEVEL) {
            Path path = Path.of(top);
            try {
                if (Files.isSymbolicLink(path)) {
                    words.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), top));
                } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    words.addAll(List.of("--ro-bind", top, top));
                }
            } catch (IOException e) {
                // unreadable: the sandbox shows no such directory, as a system without it would
            }
        }
        for (String file : ETC) {
            words.addAll(linkOrBind(Path.of(file)));
        }
        return List.copyOf(words);
    }
}
