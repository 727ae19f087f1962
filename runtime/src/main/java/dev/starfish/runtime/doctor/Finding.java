package dev.starfish.runtime.doctor;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One line of {@code starfish doctor}: a check's verdict, what was found, and what to do about it.
 *
 * @param status OK, WARN (works, but not as well as it could) or FAIL (something will not work)
 * @param check the short name of what was checked, e.g. {@code tool}, {@code exec shim}
 * @param detail what was found, naming the file or value
 * @param fix what to do; empty for OK
 */
public record Finding(Status status, String check, String detail, Optional<String> fix) {

    /** How a check came out. */
    public enum Status { OK, WARN, FAIL }

    public Finding {
        requireNonNull(status, "status is null");
        requireNonNull(check, "check is null");
        requireNonNull(detail, "detail is null");
        requireNonNull(fix, "fix is null");
    }

    public static Finding ok(String check, String detail) {
        return new Finding(Status.OK, check, detail, Optional.empty());
    }

    public static Finding warn(String check, String detail, String fix) {
        return new Finding(Status.WARN, check, detail, Optional.of(fix));
    }

    public static Finding fail(String check, String detail, String fix) {
        return new Finding(Status.FAIL, check, detail, Optional.of(fix));
    }

    /** The line doctor prints: status, check, detail and the fix. */
    public String line() {
        return String.format("%-4s  %-13s %s%s", status, check, detail, fix.map(f -> "; fix: " + f).orElse(""));
    }
}
