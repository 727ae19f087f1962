package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobDeclaration;
import java.util.Optional;

/**
 * What is known of one job class a plugin jar lists, without running any of its code: its
 * declaration (read with ASM), or why the job cannot be imported; and whether the class has been
 * loaded once in a plugin loader (without initialising it) and found to be a job of its declared
 * kind. Kept in the {@link PluginIndex}, so a later run need not open the jar to know it.
 *
 * @param className the class the extension index lists
 * @param declaration its declaration, empty when it could not be read
 * @param problem why the job cannot be imported (the text after {@code Could not import 'Job' from x.jar: }),
 *        empty when it can (as far as known)
 * @param linked whether the class has been loaded and checked; a class with a problem counts as checked
 */
public record JobClassEntry(String className, Optional<JobDeclaration> declaration, Optional<String> problem, boolean linked) {

    public JobClassEntry {
        requireNonNull(className, "className is null");
        requireNonNull(declaration, "declaration is null");
        requireNonNull(problem, "problem is null");
        if (declaration.isEmpty() && problem.isEmpty()) {
            throw new IllegalArgumentException("a job class entry needs a declaration or a problem: " + className);
        }
    }

    static JobClassEntry declared(String className, JobDeclaration declaration) {
        return new JobClassEntry(className, Optional.of(declaration), Optional.empty(), false);
    }

    public static JobClassEntry failed(String className, Optional<JobDeclaration> declaration, String problem) {
        return new JobClassEntry(className, declaration, Optional.of(problem), true);
    }

    public JobClassEntry asLinked() {
        return new JobClassEntry(className, declaration, problem, true);
    }

    /** The job's name: its class's simple name. */
    public String jobName() {
        return jobNameOf(className);
    }

    /** The name of the job of class {@code className}: its simple name (after the last {@code .} and {@code $}). */
    public static String jobNameOf(String className) {
        int dot = className.lastIndexOf('.');
        String simple = dot < 0 ? className : className.substring(dot + 1);
        int dollar = simple.lastIndexOf('$');
        return dollar < 0 ? simple : simple.substring(dollar + 1);
    }


    /** The problem as the exception the registry reports, or empty. */
    public Optional<PluginImportException> importProblem() {
        return problem.map(p -> new PluginImportException(jobName(), p, null));
    }
}
