package dev.starfish.runtime.doctor;

import java.util.List;

/** The Java runtime: Starfish needs 17 or later. */
final class JdkCheck implements Check {

    static final int REQUIRED = 17;

    @Override
    public List<Finding> run(Installation installation) {
        Runtime.Version version = Runtime.version();
        String what = "Java " + version + " (" + System.getProperty("java.vendor", "unknown vendor") + ") at "
                + System.getProperty("java.home");
        if (version.feature() < REQUIRED) {
            return List.of(Finding.fail("jdk", what + " is older than " + REQUIRED,
                    "install a JDK " + REQUIRED + " or later and point JAVA_HOME at it"));
        }
        return List.of(Finding.ok("jdk", what));
    }
}
