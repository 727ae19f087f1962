package dev.starfish.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.ArtifactSpecs;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Class files no Java compiler writes, but a hostile or newer plugin may ship. */
class JobDeclarationReaderTest {

    private static byte[] classWithJobSpec(Consumer<AnnotationVisitor> values) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "fixture/odd/OddJob", null, "java/lang/Object", null);
        AnnotationVisitor spec = cw.visitAnnotation(Type.getDescriptor(JobSpec.class), true);
        values.accept(spec);
        spec.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aKindThisHostDoesNotKnowIsNamedWithTheKnownOnes() {
        byte[] bytes = classWithJobSpec(spec -> spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "QUANTUM"));
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", bytes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kind 'QUANTUM' is unknown to this host: expected one of [NATIVE, IN_PROCESS]");
    }

    @Test
    void aMissingKindIsNamed() {
        byte[] bytes = classWithJobSpec(spec -> spec.visit("tool", "t"));
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", bytes))
                .hasMessage("the kind is missing: expected one of [NATIVE, IN_PROCESS]");
    }

    @Test
    void elementsAbsentFromTheClassFileTakeTheirDefaults() {
        byte[] bytes = classWithJobSpec(spec -> spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS"));
        assertThat(JobDeclarationReader.read("fixture.odd.OddJob", bytes).tool()).as("tool defaults to none").isEmpty();
    }

    @Test
    void consumedAndProducedArtifactsScopeAndEnablingOptionAreRead() {
        byte[] bytes = classWithJobSpec(spec -> {
            spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS");
            AnnotationVisitor consumes = spec.visitArray("consumes");
            consumes.visit(null, "bir");
            consumes.visit(null, "tensor-map");
            consumes.visitEnd();
            AnnotationVisitor produces = spec.visitArray("produces");
            produces.visit(null, "kernel-graph");
            produces.visitEnd();
            spec.visit("perSubgraph", Boolean.TRUE);
            spec.visit("action", "link");
        });
        JobDeclaration declaration = JobDeclarationReader.read("fixture.odd.OddJob", bytes);
        assertThat(declaration.consumes()).containsExactly("bir", "tensor-map");
        assertThat(declaration.produces()).containsExactly("kernel-graph");
        assertThat(declaration.perSubgraph()).isTrue();
        assertThat(declaration.action()).isEqualTo("link");
        assertThat(declaration.enabledBy()).isEmpty();
    }

    @Test
    void anArtifactNoPluginDeclaresIsReadAndLeftToThePlanWhileAMalformedNameIsRefused() {
        byte[] undeclared = classWithJobSpec(spec -> {
            spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS");
            AnnotationVisitor produces = spec.visitArray("produces");
            produces.visit(null, "bitcode");
            produces.visitEnd();
        });
        assertThat(JobDeclarationReader.read("fixture.odd.OddJob", undeclared).produces()).containsExactly("bitcode");
        byte[] malformed = classWithJobSpec(spec -> {
            spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS");
            AnnotationVisitor produces = spec.visitArray("produces");
            produces.visit(null, "../bitcode");
            produces.visitEnd();
        });
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", malformed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("job OddJob produces '../bitcode', which is no artifact name");
    }

    /** A job class with {@code @ArtifactSpec}s as javac writes them: in the container for more than one. */
    private static byte[] classDeclaring(List<Consumer<AnnotationVisitor>> artifacts) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "fixture/odd/OddJob", null, "java/lang/Object", null);
        AnnotationVisitor spec = cw.visitAnnotation(Type.getDescriptor(JobSpec.class), true);
        spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS");
        spec.visitEnd();
        if (artifacts.size() == 1) {
            AnnotationVisitor one = cw.visitAnnotation(Type.getDescriptor(ArtifactSpec.class), true);
            artifacts.get(0).accept(one);
            one.visitEnd();
        } else {
            AnnotationVisitor container = cw.visitAnnotation(Type.getDescriptor(ArtifactSpecs.class), true);
            AnnotationVisitor array = container.visitArray("value");
            for (Consumer<AnnotationVisitor> values : artifacts) {
                AnnotationVisitor each = array.visitAnnotation(null, Type.getDescriptor(ArtifactSpec.class));
                values.accept(each);
                each.visitEnd();
            }
            array.visitEnd();
            container.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static Consumer<AnnotationVisitor> artifact(String name, String scope, String file) {
        return a -> {
            a.visit("name", name);
            a.visitEnum("scope", Type.getDescriptor(Artifacts.Scope.class), scope);
            AnnotationVisitor files = a.visitArray("files");
            files.visit(null, file);
            files.visitEnd();
        };
    }

    @Test
    void aPluginsArtifactsAreReadOneOrRepeatedWithTheDefaultsOfArtifactSpecForWhatTheClassFileLeavesOut() {
        assertThat(JobDeclarationReader.read("fixture.odd.OddJob", classDeclaring(List.of(
                artifact("op-counts", "SUBGRAPH", "op_counts.json")))).declares()).containsExactly(
                        new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH, List.of("op_counts.json"), true,
                                false, false));
        Consumer<AnnotationVisitor> kept = artifact("op-summary", "WORK_DIR", "op_summary.json").andThen(a -> {
            a.visit("intermediate", Boolean.FALSE);
            a.visit("packed", Boolean.TRUE);
        });
        assertThat(JobDeclarationReader.read("fixture.odd.OddJob", classDeclaring(List.of(
                artifact("op-dumps", "SUBGRAPH", "op_dumps/"), kept))).declares()).containsExactly(
                        new Artifacts.Artifact("op-dumps", Artifacts.Scope.SUBGRAPH, List.of("op_dumps/"), true, false,
                                false),
                        new Artifacts.Artifact("op-summary", Artifacts.Scope.WORK_DIR, List.of("op_summary.json"), false,
                                false, true));
    }

    @Test
    void anArtifactOfAScopeThisHostDoesNotKnowOrOutsideItsDirectoryIsRefused() {
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", classDeclaring(List.of(
                artifact("op-counts", "CLUSTER", "op_counts.json")))))
                .hasMessage("the scope of an artifact 'CLUSTER' is unknown to this host: expected one of [SUBGRAPH, "
                        + "WORK_DIR, HOST_PATH]");
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", classDeclaring(List.of(
                artifact("op-counts", "SUBGRAPH", "../../.bashrc")))))
                .hasMessageStartingWith("artifact 'op-counts' names the file '../../.bashrc': expected a relative path");
    }
}
