package dev.starfish.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An artifact a plugin adds to the compile, declared on one of its job classes (by convention the
 * job that produces it): what it is called in {@link JobSpec#consumes()} and
 * {@link JobSpec#produces()}, where its files live, whether {@code SaveTemps} removes it and
 * whether the NEFF packs it. The host reads it from the class file, as it reads {@link JobSpec}.
 *
 * <pre>
 * &#64;Extension
 * &#64;JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.SUBGRAPHS, produces = "op-counts",
 *         perSubgraph = true, action = "count the operations")
 * &#64;ArtifactSpec(name = "op-counts", scope = Artifacts.Scope.SUBGRAPH, files = "op_counts.json", packed = true)
 * public final class OpCounter extends InProcessJob { ... }
 * </pre>
 *
 * <p>A plugin that consumes another plugin's artifact may declare it too, so that it is checked
 * on its own; the declarations must then be equal. Two plugins that declare one name differently
 * are both refused, as two jars declaring one job are; so is a plugin that declares an artifact of
 * {@link Artifacts} differently from this API or one the host provides.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ArtifactSpecs.class)
public @interface ArtifactSpec {
    /** The artifact's name: lower-case letters, digits and dashes, e.g. {@code op-counts}. */
    String name();

    /** Where its files live: {@link Artifacts.Scope#SUBGRAPH} or {@link Artifacts.Scope#WORK_DIR}. */
    Artifacts.Scope scope();

    /**
     * Its files, relative to the subgraph or work directory, e.g. {@code op_counts.json}; a name
     * ending in {@code /} is a directory and stands for every file below it.
     */
    String[] files();

    /** Whether a compile may remove it once the NEFF is written ({@code SaveTemps} does, unless asked to keep temps). */
    boolean intermediate() default true;

    /** Whether {@code NeffWrapper} packs its files into the NEFF. */
    boolean packed() default false;
}
