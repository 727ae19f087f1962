package dev.starfish.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One command-line option a job adds to {@code starfish compile} (the seed's
 * {@code RegisterArgs}), declared on the job class next to its {@link JobSpec}; repeat it
 * for more options. The host reads it without running plugin code and hands the parsed
 * values to the job as {@link JobContext#options()}. The values are those of {@link JobOption}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(JobOptionSpecs.class)
public @interface JobOptionSpec {

    /** The long option, e.g. {@code --buffer-bytes}. */
    String name();

    /** What the option takes. */
    JobOption.Type type();

    /** The value's label in help, e.g. {@code BYTES}; required unless the type is {@code FLAG}. */
    String paramLabel() default "";

    /** One sentence for {@code --help}. */
    String description();

    /** The value when the option is not given; empty for none. */
    String defaultValue() default "";
}
