package dev.starfish.api.processing;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobSpec;
import dev.starfish.api.PluginApi;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.StandardLocation;

/**
 * Writes a plugin's build-time job index, {@value PluginApi#JOB_INDEX}: every class of the
 * compilation annotated with {@link JobSpec}, with the declaration its annotations make
 * ({@link JobDeclaration#of(String, JobSpec, List, List)}, the same reading as the host's). javac
 * finds it on the class path through {@code META-INF/services}, beside PF4J's extension processor,
 * so a plugin build with this API on its class path writes the index without configuration.
 *
 * <p>A declaration the host would refuse (a native job without a tool, an enabling option with a
 * default, an artifact declared twice, …), and a job class without PF4J's {@code @Extension}, is a compile error on the class that makes it, so a
 * plugin author learns it from {@code mvn package}, not from an operator's {@code starfish jobs}.
 * The index covers the classes javac compiled in this run: a partial recompile (an IDE's) can leave
 * one out, and the host then refuses the jar naming it; {@code mvn clean package} rebuilds it whole.
 */
@SupportedAnnotationTypes("dev.starfish.api.JobSpec")
public final class JobIndexProcessor extends AbstractProcessor {

    /** By binary class name (as PF4J's {@code extensions.idx} names them), so the index is sorted and stable. */
    private static final String PF4J_EXTENSION = "org.pf4j.Extension";

    private final TreeMap<String, JobDeclaration> jobs = new TreeMap<>();
    private boolean failed;

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element element : round.getElementsAnnotatedWith(JobSpec.class)) {
            if (element.getKind() != ElementKind.CLASS) {
                error(element, "@JobSpec belongs on a job class, found it on the " + element.getKind().toString()
                        .toLowerCase(Locale.ROOT) + " " + element);
                continue;
            }
            declare((TypeElement) element);
        }
        if (round.processingOver() && !failed && !jobs.isEmpty()) {
            write();
        }
        return false;
    }

    private void declare(TypeElement type) {
        String className = processingEnv.getElementUtils().getBinaryName(type).toString();
        if (type.getAnnotationMirrors().stream().noneMatch(JobIndexProcessor::isExtension)) {
            error(type, "job class " + className + " has @JobSpec but not @" + PF4J_EXTENSION + ": PF4J's extension "
                    + "index would leave it out, and no host would ever see the job");
            return;
        }
        try {
            jobs.put(className, JobDeclaration.of(type.getSimpleName().toString(), type.getAnnotation(JobSpec.class),
                    List.of(type.getAnnotationsByType(JobOptionSpec.class)),
                    List.of(type.getAnnotationsByType(ArtifactSpec.class))));
        } catch (IllegalArgumentException e) {
            error(type, "invalid job declaration of " + className + ": " + e.getMessage());
        }
    }

    private void write() {
        // bytes, not the Filer's writer, whose encoding is javac's -encoding: the index is UTF-8 whatever the sources are
        try (OutputStream out = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                PluginApi.JOB_INDEX).openOutputStream()) {
            out.write(JobIndexJson.write(jobs).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "cannot write " + PluginApi.JOB_INDEX
                    + ": " + e.getMessage());
        }
    }

    private static boolean isExtension(AnnotationMirror annotation) {
        return ((TypeElement) annotation.getAnnotationType().asElement()).getQualifiedName()
                .contentEquals(PF4J_EXTENSION);
    }

    private void error(Element element, String message) {
        failed = true;
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
    }
}
