package dev.starfish.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a job is, declared on its class so the host can read it without running any of
 * the plugin's code: the host reads this annotation from the class file (it never
 * initialises the class, nor creates the job) to list the job, register its options and
 * check a pipeline. A job class is created only when a compile runs it.
 *
 * <pre>
 * &#64;Extension
 * &#64;JobSpec(kind = JobKind.NATIVE, tool = "walrus_driver")
 * &#64;JobOptionSpec(name = "--buffer-bytes", type = JobOption.Type.INTEGER, paramLabel = "BYTES",
 *         description = "On-chip buffer size.")
 * public final class WalrusDriver extends NativeJob { ... }
 * </pre>
 *
 * <p>Later versions add elements with defaults (what files a job consumes and produces),
 * so a plugin compiled against this version keeps its meaning. Every value must be a
 * compile-time constant; {@link JobDeclaration#of} checks the combination.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface JobSpec {

    /** Whether the job spawns a native tool or works in the driver's process. */
    JobKind kind();

    /**
     * The bare name of the one tool a native job spawns, e.g. {@code walrus_driver}; resolved at
     * run time with {@link Launcher#resolve}. Required for {@link JobKind#NATIVE}, empty otherwise.
     */
    String tool() default "";
}
