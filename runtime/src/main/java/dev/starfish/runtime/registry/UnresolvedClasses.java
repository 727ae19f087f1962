package dev.starfish.runtime.registry;

import dev.starfish.api.PluginApi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code plugins lint}'s check that every class a job reaches resolves where the job's
 * {@link JobClassLoader} would look for it: a host-shared package in the host only, anything else
 * in the jar or the JDK (the platform loader, the job loader's parent). A miss is what
 * {@code NoClassDefFoundError} reports when that code runs, as for the template's unshaded
 * {@code target/original-*.jar}, which lacks the Jackson the shaded jar bundles. Each missing
 * class is reported once, with the job and the first class that refers to it; after
 * {@value #REPORTED} of them, one more finding counts the rest. Only class files are read:
 * {@code getResource} of the host and platform loaders tells whether they have a class.
 */
final class UnresolvedClasses {

    static final int REPORTED = 5;

    /** Where a missing class was first seen. */
    private record Miss(String job, String referrer) {
    }

    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final Map<String, Boolean> resolvesOutsideJar = new HashMap<>();

    UnresolvedClasses(ClassLoader hostLoader, HostSharedPackages policy) {
        this.hostLoader = hostLoader;
        this.policy = policy;
    }

    List<LintFinding> check(String jarName, ReachableClasses classes) {
        Map<String, Miss> missing = new LinkedHashMap<>();
        for (ReachableClasses.Reached reached : classes.reached()) {
            for (String reference : reached.facts().references()) {
                if (!missing.containsKey(reference) && !classes.inJar(reference) && !resolvesOutsideJar(reference)) {
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

    private boolean resolvesOutsideJar(String className) {
        return resolvesOutsideJar.computeIfAbsent(className, name -> {
            String resource = name.replace('.', '/') + ".class";
            ClassLoader where = policy.isHostShared(name) ? hostLoader : ClassLoader.getPlatformClassLoader();
            return where.getResource(resource) != null;
        });
    }
}
