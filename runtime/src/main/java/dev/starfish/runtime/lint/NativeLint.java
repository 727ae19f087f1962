package dev.starfish.runtime.lint;

import dev.starfish.runtime.jar.PluginJarFile;
import dev.starfish.runtime.launch.ToolFileProblem;
import dev.starfish.runtime.nativelib.ElfFile;
import dev.starfish.runtime.nativelib.PluginNatives;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The native side of a plugin jar as {@code plugins lint} judges it: each bundled tool
 * ({@code native/linux-x86_64/bin/<tool>}) must be something the launcher can exec — a
 * script whose {@code #!} line names an absolute interpreter, or an x86-64 ELF executable —
 * and each bundled JNI library ({@code native/linux-x86_64/lib<name>.so}) an x86-64 ELF
 * shared object whose dynamic symbol table exports the {@code Java_...} symbol of every
 * {@code native} method of the jar's classes. Symbols are read in Java ({@link ElfFile}).
 */
final class NativeLint {

    private final String jarName;
    private final List<LintFinding> findings = new ArrayList<>();
    /** Whether a bundled library's exports could not be read, so a missing symbol may be there after all. */
    private boolean exportsUnknown;

    private NativeLint(String jarName) {
        this.jarName = jarName;
    }

    static List<LintFinding> check(String jarName, PluginJarFile jar) throws IOException {
        NativeLint lint = new NativeLint(jarName);
        Map<String, Set<String>> exportsByLibrary = new LinkedHashMap<>();
        List<JniSymbols.NativeMethod> natives = new ArrayList<>();
        for (String name : jar.entryNames()) {
            if (name.startsWith(PluginNatives.TOOLS_DIR)) {
                lint.tool(name, read(jar, name));
            } else if (name.startsWith(PluginNatives.NATIVE_DIR) && name.endsWith(".so")
                    && name.indexOf('/', PluginNatives.NATIVE_DIR.length()) < 0) {
                lint.library(name, read(jar, name)).ifPresent(exports -> exportsByLibrary.put(name, exports));
            } else if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                natives.addAll(nativeMethods(read(jar, name)));
            }
        }
        lint.symbols(natives, exportsByLibrary);
        return List.copyOf(lint.findings);
    }

    private void tool(String entry, byte[] bytes) {
        if (entry.indexOf('/', PluginNatives.TOOLS_DIR.length()) >= 0) {
            findings.add(LintFinding.warning(jarName, "bundled file " + entry + " is in a subdirectory of "
                    + PluginNatives.TOOLS_DIR + ", so it is never extracted as a tool: move it directly into "
                    + PluginNatives.TOOLS_DIR));
            return;
        }
        ToolFileProblem.of(bytes).ifPresent(problem -> findings.add(LintFinding.error(jarName, "bundled tool " + entry
                + " " + problem)));
    }

    /** The library's exported symbols, or empty (with a finding) when it cannot be loaded at all. */
    private Optional<Set<String>> library(String entry, byte[] bytes) {
        String fileName = entry.substring(PluginNatives.NATIVE_DIR.length());
        if (!fileName.startsWith("lib") || fileName.length() <= "lib.so".length()) {
            findings.add(LintFinding.warning(jarName, "bundled library " + entry + " cannot be loaded by name: "
                    + "NativeLibrary.load(owner, \"NAME\") looks for " + PluginNatives.NATIVE_DIR + "libNAME.so; "
                    + "rename it lib<name>.so"));
        }
        if (!ElfFile.isElf(bytes)) {
            findings.add(LintFinding.error(jarName, "bundled library " + entry + " is not an ELF file (it starts with '"
                    + ToolFileProblem.printable(bytes) + "'): expected an x86-64 ELF shared object built with -shared -fPIC"));
            return Optional.empty();
        }
        ElfFile elf;
        try {
            elf = ElfFile.read(bytes).orElseThrow();
        } catch (IllegalArgumentException e) {
            findings.add(LintFinding.error(jarName, "bundled library " + entry + " is a malformed ELF file ("
                    + e.getMessage() + "): rebuild it"));
            return Optional.empty();
        }
        if (!elf.isX86_64() || elf.type() != ElfFile.ET_DYN) {
            findings.add(LintFinding.error(jarName, "bundled library " + entry + " is an " + elf.describe()
                    + ": expected an x86-64 ELF shared object; build it for linux-x86_64 with -shared -fPIC"));
            return Optional.empty();
        }
        if (!elf.hasSectionHeaders()) {
            findings.add(LintFinding.warning(jarName, "bundled library " + entry + " has no section headers, so its "
                    + "exported JNI symbols cannot be checked: strip it with strip --strip-unneeded, not sstrip"));
            exportsUnknown = true;
            return Optional.empty();
        }
        return Optional.of(elf.exported());
    }

    private void symbols(List<JniSymbols.NativeMethod> natives, Map<String, Set<String>> exportsByLibrary) {
        boolean registersNatives = exportsByLibrary.values().stream().anyMatch(s -> s.contains("JNI_OnLoad"));
        Map<String, List<JniSymbols.NativeMethod>> missingByClass = new LinkedHashMap<>();
        if (exportsUnknown) {
            return;
        }
        for (JniSymbols.NativeMethod method : natives) {
            boolean found = exportsByLibrary.values().stream()
                    .anyMatch(s -> s.contains(method.shortName()) || s.contains(method.longName()));
            if (!found) {
                missingByClass.computeIfAbsent(method.className(), k -> new ArrayList<>()).add(method);
            }
        }
        String searched = exportsByLibrary.isEmpty() ? "the jar bundles no " + PluginNatives.NATIVE_DIR
                + "lib<name>.so it could be in" : "searched " + String.join(", ", exportsByLibrary.keySet());
        missingByClass.forEach((className, missing) -> {
            String symbols = missing.stream().map(JniSymbols.NativeMethod::shortName).collect(Collectors.joining(", "));
            String what = "class " + className + " declares native method(s) that no bundled library exports: "
                    + symbols + " (" + searched + ")";
            findings.add(registersNatives
                    ? LintFinding.warning(jarName, what + "; fine only if JNI_OnLoad registers them with RegisterNatives")
                    : LintFinding.error(jarName, what + "; calling them throws UnsatisfiedLinkError: export them "
                            + "(JNIEXPORT, not hidden by -fvisibility=hidden) or bundle the library"));
        });
    }

    private static List<JniSymbols.NativeMethod> nativeMethods(byte[] classFile) {
        try {
            return JniSymbols.of(classFile);
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private static byte[] read(PluginJarFile jar, String name) throws IOException {
        return jar.read(name).orElseThrow();
    }
}
