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
 * <p>A job also declares what it consumes and produces, by the names of {@link Artifacts};
 * whether it runs once per subgraph or once per compile; and, for a job that runs only on
 * request, the option that requests it:
 * <pre>
 * &#64;JobSpec(kind = JobKind.NATIVE, tool = "watchpoint_insert", perSubgraph = true,
 *         consumes = Artifacts.BIR, produces = Artifacts.WATCHPOINT_BIR, enabledBy = "--watchpoint")
 * </pre>
 *
 * <p>Later versions add elements with defaults, so a plugin compiled against this version
 * keeps its meaning. Every value must be a compile-time constant; {@link JobDeclaration#of}
 * checks the combination.
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

    /**
     * The artifacts the job reads, by name: those of {@link Artifacts} or any plugin's
     * {@link ArtifactSpec}; each must be produced by an earlier job or the host.
     */
    String[] consumes() default {};

    /** The artifacts the job writes, by name: those of {@link Artifacts} or any plugin's {@link ArtifactSpec}. */
    String[] produces() default {};

    /** Whether the job has one step per subgraph ({@code sgNN/}) rather than one step per compile. */
    boolean perSubgraph() default false;

    /**
     * The option that requests the job, e.g. {@code --watchpoint}: the job is in the configured
     * pipeline but runs only when that option is given. It must be one of the job's own
     * {@link JobOptionSpec}s, without a default. Empty: the job runs whenever it is in the pipeline.
     */
    String enabledBy() default "";

    /** What an in-process job does, in a few words, for the plan {@code -###} prints; e.g. {@code link the BIRs into kgraph.json}. */
    String action() default "";
}
