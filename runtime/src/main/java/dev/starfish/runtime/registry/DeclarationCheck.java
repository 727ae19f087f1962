package dev.starfish.runtime.registry;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.plugin.JobDeclarationReader;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.plugin.PluginJarReader;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Holds the declaration the registry took for a job (from the jar's build-time index, or the class
 * file when it has none) against the class its loader has just loaded, once, when the class is
 * first linked: a jar whose index says something its class does not is refused, so a plan can never
 * rest on an index that lies.
 */
public final class DeclarationCheck {

    /** What is compared, in the order a difference is reported. */
    private static final List<Component> COMPONENTS = List.of(
            new Component("kind", JobDeclaration::kind),
            new Component("tool", JobDeclaration::tool),
            new Component("consumes", JobDeclaration::consumes),
            new Component("produces", JobDeclaration::produces),
            new Component("perSubgraph", JobDeclaration::perSubgraph),
            new Component("enabledBy", JobDeclaration::enabledBy),
            new Component("action", JobDeclaration::action),
            new Component("options", JobDeclaration::options),
            new Component("artifacts", JobDeclaration::declares));

    private DeclarationCheck() {
    }

    static void verify(String className, JobDeclaration taken, JobClassLoader loader, PluginInfo info)
            throws PluginImportException {
        Optional<byte[]> bytes;
        try {
            bytes = loader.classFile(className);
        } catch (IOException e) {
            throw new PluginImportException(taken.name(), "cannot read " + className + " from " + info.jarName() + ": "
                    + e.getMessage(), e);
        }
        if (bytes.isEmpty()) {
            throw new PluginImportException(taken.name(), "class " + className + " listed in "
                    + PluginJarReader.EXTENSION_INDEX + " is missing from " + info.jarName(), null);
        }
        Optional<String> lie = lie(className, taken, bytes.get(), info.jarName());
        if (lie.isPresent()) {
            throw new PluginImportException(taken.name(), lie.get(), null);
        }
    }

    /** How the declaration taken for {@code className} differs from what its class file declares, or empty. */
    public static Optional<String> lie(String className, JobDeclaration taken, byte[] classFile, String jarName) {
        JobDeclaration fromClass;
        try {
            fromClass = JobDeclarationReader.read(className, classFile);
        } catch (IllegalArgumentException e) {
            return Optional.of(lies(jarName, "its class " + className + " declares no valid job (" + e.getMessage()
                    + ")"));
        } catch (RuntimeException e) {
            return Optional.of(lies(jarName, "its class " + className + " is not a valid class file (" + e + ")"));
        }
        if (fromClass.equals(taken)) {
            return Optional.empty();
        }
        for (Component component : COMPONENTS) {
            Object index = component.value().apply(taken);
            Object actual = component.value().apply(fromClass);
            if (!Objects.equals(index, actual)) {
                return Optional.of(lies(jarName, "it says job " + taken.name() + " has " + component.name() + " "
                        + show(index) + ", but its class " + className + " declares " + show(actual)));
            }
        }
        return Optional.of(lies(jarName, "it describes job " + taken.name() + " otherwise than its class " + className));
    }

    /** Text quoted, so an empty one shows; an absent optional as {@code none}. */
    private static String show(Object value) {
        if (value instanceof Optional<?> optional) {
            return optional.map(DeclarationCheck::show).orElse("none");
        }
        return value instanceof String text ? "'" + text + "'" : String.valueOf(value);
    }

    private static String lies(String jarName, String how) {
        return "the job index " + PluginApi.JOB_INDEX + " of " + jarName + " does not describe the jar: " + how
                + "; the jar is refused: rebuild it (mvn clean package)";
    }

    private record Component(String name, Function<JobDeclaration, Object> value) {
    }
}
