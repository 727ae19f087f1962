package dev.starfish.runtime.plugin;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.ArtifactSpecs;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobOptionSpecs;
import dev.starfish.api.JobSpec;
import dev.starfish.api.PluginApi;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reads a job's {@link JobSpec} (kind, tool, consumed and produced artifacts, scope, enabling
 * option, action), {@link JobOptionSpec}s and {@link ArtifactSpec}s from its class file with ASM:
 * no class is defined, initialised or instantiated, so no plugin code — not even an
 * annotation of the plugin's own — runs while the host lists jobs or registers options.
 */
public final class JobDeclarationReader {

    private static final String JOB_SPEC = Type.getDescriptor(JobSpec.class);
    private static final String OPTION_SPEC = Type.getDescriptor(JobOptionSpec.class);
    private static final String OPTION_SPECS = Type.getDescriptor(JobOptionSpecs.class);
    private static final String ARTIFACT_SPEC = Type.getDescriptor(ArtifactSpec.class);
    private static final String ARTIFACT_SPECS = Type.getDescriptor(ArtifactSpecs.class);

    private JobDeclarationReader() {
    }

    /**
     * The declaration in {@code classFile}, the bytes of the job class {@code className}.
     *
     * @throws IllegalArgumentException when the class has no {@code @JobSpec} or declares something invalid
     */
    public static JobDeclaration read(String className, byte[] classFile) {
        Map<String, Object> spec = new HashMap<>();
        List<Map<String, Object>> options = new ArrayList<>();
        List<Map<String, Object>> artifacts = new ArrayList<>();
        boolean[] hasSpec = {false};
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
                if (descriptor.equals(JOB_SPEC)) {
                    hasSpec[0] = true;
                    return new ValuesVisitor(spec);
                }
                if (descriptor.equals(OPTION_SPEC)) {
                    return new ValuesVisitor(newOption(options));
                }
                if (descriptor.equals(OPTION_SPECS)) {
                    return new RepeatedVisitor(options);
                }
                if (descriptor.equals(ARTIFACT_SPEC)) {
                    return new ValuesVisitor(newOption(artifacts));
                }
                if (descriptor.equals(ARTIFACT_SPECS)) {
                    return new RepeatedVisitor(artifacts);
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        String simpleName = JobClassEntry.jobNameOf(className);
        if (!hasSpec[0]) {
            throw new IllegalArgumentException("job class " + className + " has no @" + JobSpec.class.getName()
                    + " annotation: declare its kind (and tool) with it, e.g. @JobSpec(kind = JobKind.IN_PROCESS); a"
                    + " plugin built before @JobSpec, against the first, unversioned plugin API, needs rebuilding"
                    + " against plugin API " + PluginApi.VERSION + " (with " + PluginApi.REQUIRES + ": ^"
                    + PluginApi.VERSION + ")");
        }
        List<JobOption> declared = new ArrayList<>();
        for (Map<String, Object> o : options) {
            declared.add(new JobOption(text(o, "name"), text(o, "paramLabel"), text(o, "description"),
                    text(o, "defaultValue"), constant(JobOption.Type.class, o.get("type"), "type of an option")));
        }
        List<Artifacts.Artifact> declares = new ArrayList<>();
        for (Map<String, Object> a : artifacts) {
            // an element left at its default is not in the class file: these are ArtifactSpec's defaults
            declares.add(new Artifacts.Artifact(text(a, "name"), constant(Artifacts.Scope.class, a.get("scope"),
                    "scope of an artifact"), texts(a, "files"), !Boolean.FALSE.equals(a.get("intermediate")), false,
                    Boolean.TRUE.equals(a.get("packed"))));
        }
        return new JobDeclaration(simpleName, constant(JobKind.class, spec.get("kind"), "kind"),
                JobDeclaration.toolOf(text(spec, "tool")), declared, texts(spec, "consumes"), texts(spec, "produces"),
                Boolean.TRUE.equals(spec.get("perSubgraph")), JobDeclaration.toolOf(text(spec, "enabledBy")),
                text(spec, "action"), declares);
    }

    /** A new map of one annotation's values, added to {@code annotations}. */
    private static Map<String, Object> newOption(List<Map<String, Object>> annotations) {
        Map<String, Object> values = new HashMap<>();
        annotations.add(values);
        return values;
    }

    private static String text(Map<String, Object> values, String name) {
        Object value = values.get(name);
        return value == null ? "" : value.toString();
    }

    /** An array element's values as text, in order; empty when the element is absent. */
    private static List<String> texts(Map<String, Object> values, String name) {
        Object value = values.get(name);
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return List.of(value.toString());
    }

    private static <E extends Enum<E>> E constant(Class<E> type, Object value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("the " + what + " is missing: expected one of "
                    + Arrays.toString(type.getEnumConstants()));
        }
        try {
            return Enum.valueOf(type, value.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the " + what + " '" + value + "' is unknown to this host: expected one of "
                    + Arrays.toString(type.getEnumConstants()), e);
        }
    }

    /** Collects each annotation of a repeatable annotation's container into a new map of {@code into}. */
    private static final class RepeatedVisitor extends AnnotationVisitor {
        private final List<Map<String, Object>> into;

        RepeatedVisitor(List<Map<String, Object>> into) {
            super(Opcodes.ASM9);
            this.into = into;
        }

        @Override
        public AnnotationVisitor visitArray(String name) {
            return new AnnotationVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String n, String d) {
                    return new ValuesVisitor(newOption(into));
                }
            };
        }
    }

    /** Collects an annotation's element values: constants as they are, enum constants by name. */
    private static final class ValuesVisitor extends AnnotationVisitor {
        private final Map<String, Object> values;

        ValuesVisitor(Map<String, Object> values) {
            super(Opcodes.ASM9);
            this.values = values;
        }

        @Override
        public void visit(String name, Object value) {
            values.put(name, value);
        }

        @Override
        public void visitEnum(String name, String descriptor, String value) {
            values.put(name, value);
        }

        @Override
        public AnnotationVisitor visitArray(String name) {
            List<Object> elements = new ArrayList<>();
            values.put(name, elements);
            return new AnnotationVisitor(Opcodes.ASM9) {
                @Override
                public void visit(String unnamed, Object value) {
                    elements.add(value);
                }
            };
        }
    }
}
