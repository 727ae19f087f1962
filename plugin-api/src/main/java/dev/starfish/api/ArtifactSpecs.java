package dev.starfish.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The container of a job class's repeated {@link ArtifactSpec}s; written by the compiler, not by hand. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ArtifactSpecs {
    ArtifactSpec[] value();
}
