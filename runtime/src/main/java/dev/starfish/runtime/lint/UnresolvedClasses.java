package dev.starfish.runtime.lint;

import dev.starfish.api.PluginApi;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.JobClassLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code plugins lint}'s check that every class a job reaches resolves where the job's
 * {@link JobClassLoader} would look for it, and only there: a JDK package in the JDK (the boot layer's
 * modules, which the platform loader, the job loader's parent, loads from), a host-shared package in
 * the host, anything else in the jar. A miss is what {@code NoClassDefFoundError} reports when that
 * code runs, as for the template's unshaded
 * {@code target/original-*.jar}, which lacks the Jackson the shaded jar bundles. Each missing
 * class is reported once, with the job and the first class that refers to it; after
 * {@value #REPORTED} of them, one more finding counts the rest. Only class files are looked up
 * (the host loader's {@code getResource}, a JDK module's {@code getResourceAsStream}), never loaded.
 */
final class UnresolvedClasses {

    static final int REPORTED = 5;

    /** Where a missing class was first seen. */
    private record Miss(String job, String referrer) {
    }

    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final Map<String, Boolean> resolvesOutsideJar = new HashMap<>();
    private Map<String, Module> jdkModules;

    UnresolvedClasses(ClassLoader hostLoader, HostSharedPackages policy) {
        this.hostLoader = hostLoader;
        this.policy = policy;
    }

    List<LintFinding> check(String jarName, ReachableClasses classes) {
        Map<String, Miss> missing = new LinkedHashMap<>();
        for (ReachableClasses.Reached reached : classes.reached()) {
            for (String reference : reached.facts().references()) {
                if (!missing.containsKey(reference) && !resolves(reference, classes)) {
                    missing.put(reference, new Miss(reached.job(), reached.facts().name()));
                }
            }
        }
        List<LintFinding> findings = new ArrayList<>();
        missing.entrySet().stream().limit(REPORTED)
                .forEach(e -> findings.add(LintFinding.error(jarName, message(e.getKey(), e.getValue()))));
        if (missing.size() > REPORTED) {
            findings.add(LintFinding.error(jarName, "and " + (missing.size() - REPORTED) + " more class(es) the jar's "
                    + "jobs need are missing in the same way (" + String.join(", ", missing.keySet().stream()
                            .skip(REPORTED).limit(REPORTED).toList()) + (missing.size() > 2 * REPORTED ? ", ..." : "")
                    + ")"));
        }
        return findings;
    }

    private String message(String className, Miss miss) {
        String failure = "job " + miss.job() + " needs class " + className + " (first referred to by "
                + miss.referrer() + "), ";
        String error = "NoClassDefFoundError: " + className.replace('.', '/');
        if (policy.isHostShared(className)) {
            return failure + "which is in a package the host shares but this host does not have, so running the job "
                    + "fails with " + error + ": build the jar against the plugin API this Starfish provides ("
                    + PluginApi.VERSION + ") and the host's PF4J and logging APIs";
        }
        return failure + "which neither the jar, the host-shared packages (" + String.join(" ", policy.prefixes())
                + ") nor the JDK has, so running the job fails with " + error + ": bundle it (lint the shaded jar "
                + "mvn package writes, never target/original-*.jar), or give its dependency compile scope so "
                + "maven-shade-plugin bundles it";
    }

    /** Whether the class is where {@link JobClassLoader#loadClass} looks for it: the JDK, the host, or the jar. */
    private boolean resolves(String className, ReachableClasses classes) {
        boolean jdk = policy.isJdkClass(className);
        if (!jdk && !policy.isHostShared(className)) {
            return classes.inJar(className);
        }
        String resource = className.replace('.', '/') + ".class";
        return resolvesOutsideJar.computeIfAbsent(className, name -> jdk ? inJdk(resource)
                : hostLoader.getResource(resource) != null);
    }

    /** Whether the boot layer's module of the class's package has its class file (class files are never encapsulated). */
    private boolean inJdk(String resource) {
        if (jdkModules == null) {
            jdkModules = new HashMap<>();
            ModuleLayer.boot().modules().forEach(m -> m.getPackages().forEach(p -> jdkModules.put(p, m)));
        }
        int slash = resource.lastIndexOf('/');
        Module module = slash < 0 ? null : jdkModules.get(resource.substring(0, slash).replace('/', '.'));
        if (module == null) {
            return false;
        }
        try (InputStream in = module.getResourceAsStream(resource)) {
            return in != null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " of module " + module.getName(), e);
        }
    }
}
