package dev.starfish.runtime.lint;

import dev.starfish.runtime.nativelib.PluginNatives;
import dev.starfish.runtime.registry.ExitCallRewriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code plugins lint}'s check of the calls a job must not make itself, in every class of the jar
 * a job reaches:
 * <ul>
 *   <li>{@code System.exit}, {@code Runtime.exit}, {@code Runtime.halt} (error): the host rewrites
 *       them into a throw of {@code SystemExitError} ({@link ExitCallRewriter}), so they fail the job
 *       rather than end the driver; a job fails by throwing;</li>
 *   <li>{@code System.loadLibrary}, {@code Runtime.loadLibrary} (error): they search
 *       {@code java.library.path}, never the jar, so a bundled library is not found;</li>
 *   <li>{@code System.load}, {@code Runtime.load} (warning): the library loads, but outside the
 *       plugin's native cache and without deep-bind, which {@code NativeLibrary.load} gives;</li>
 *   <li>{@code Runtime.exec}, {@code ProcessBuilder.start}, {@code ProcessBuilder.startPipeline}
 *       (warning): the process runs, but outside the launcher, which resolves, logs and replays tools.</li>
 * </ul>
 * Each call site is one finding naming the class, method and source line; after
 * {@value UnresolvedClasses#REPORTED} sites of one call, one more finding counts the rest.
 */
final class ForbiddenCalls {

    /** A call a job must not make, and what the finding says of it. */
    private record Rule(String owner, String method, Optional<String> descriptor, boolean error, String consequence) {

        boolean matches(ClassFacts.Call call) {
            return call.owner().equals(owner) && call.method().equals(method)
                    && descriptor.map(call.descriptor()::equals).orElse(true);
        }

        String label() {
            return owner.substring(owner.lastIndexOf('.') + 1) + "." + method;
        }
    }

    private static final String EXIT = "the host rewrites the call, as it loads the class, into a throw of "
            + "SystemExitError, so it fails the job (the compile exits 1, naming the code) and never ends the driver: "
            + "fail the job by throwing JobException (InvalidInputException when the user's input is wrong)";
    private static final String LOAD_LIBRARY = "it searches java.library.path, never the jar, so a library the "
            + "plugin bundles is not found (UnsatisfiedLinkError): bundle it as " + PluginNatives.NATIVE_DIR
            + "lib<name>.so and load it with NativeLibrary.load(<a class of the plugin>.class, \"<name>\")";
    private static final String LOAD = "it loads the library outside the plugin's native cache and without "
            + "RTLD_DEEPBIND, so another plugin's library of the same name or symbols can capture its calls: bundle "
            + "it as " + PluginNatives.NATIVE_DIR + "lib<name>.so and load it with NativeLibrary.load(<a class of "
            + "the plugin>.class, \"<name>\")";
    private static final String SPAWN = "it starts a process outside the host's launcher: the tool is not "
            + "resolved in starfish/bin/private and starfish/bin, its command line is neither logged nor written to "
            + "a replay script, and a cached compile does not know it ran: declare the tool (@JobSpec(kind = "
            + "JobKind.NATIVE, tool = ...), NativeJob) or run it with context.launcher().run(Command)";

    private static final List<Rule> RULES = List.of(
            new Rule("java.lang.System", "exit", Optional.of("(I)V"), true, EXIT),
            new Rule("java.lang.Runtime", "exit", Optional.of("(I)V"), true, EXIT),
            new Rule("java.lang.Runtime", "halt", Optional.of("(I)V"), true, EXIT),
            new Rule("java.lang.System", "loadLibrary", Optional.empty(), true, LOAD_LIBRARY),
            new Rule("java.lang.Runtime", "loadLibrary", Optional.empty(), true, LOAD_LIBRARY),
            new Rule("java.lang.System", "load", Optional.empty(), false, LOAD),
            new Rule("java.lang.Runtime", "load", Optional.empty(), false, LOAD),
            new Rule("java.lang.Runtime", "exec", Optional.empty(), false, SPAWN),
            new Rule("java.lang.ProcessBuilder", "start", Optional.empty(), false, SPAWN),
            new Rule("java.lang.ProcessBuilder", "startPipeline", Optional.empty(), false, SPAWN));

    private ForbiddenCalls() {
    }

    static List<LintFinding> check(String jarName, ReachableClasses classes) {
        Map<Rule, List<String>> sitesByRule = new LinkedHashMap<>();
        for (ReachableClasses.Reached reached : classes.reached()) {
            for (ClassFacts.Call call : reached.facts().calls()) {
                RULES.stream().filter(rule -> rule.matches(call)).findFirst().ifPresent(rule -> sitesByRule
                        .computeIfAbsent(rule, k -> new ArrayList<>()).add(call.site() + ", reached from job "
                                + reached.job() + ","));
            }
        }
        List<LintFinding> findings = new ArrayList<>();
        sitesByRule.forEach((rule, sites) -> {
            sites.stream().limit(UnresolvedClasses.REPORTED).forEach(site -> findings.add(finding(jarName, rule,
                    site + " calls " + rule.label() + ": " + rule.consequence())));
            if (sites.size() > UnresolvedClasses.REPORTED) {
                findings.add(finding(jarName, rule, "and " + (sites.size() - UnresolvedClasses.REPORTED)
                        + " more call(s) of " + rule.label() + " in classes the jar's jobs reach"));
            }
        });
        return findings;
    }

    private static LintFinding finding(String jarName, Rule rule, String message) {
        return rule.error() ? LintFinding.error(jarName, message) : LintFinding.warning(jarName, message);
    }
}
