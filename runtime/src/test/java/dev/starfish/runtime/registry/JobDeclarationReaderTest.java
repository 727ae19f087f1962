package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
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
    void anArtifactThePluginApiDoesNotDefineIsRefused() {
        byte[] bytes = classWithJobSpec(spec -> {
            spec.visitEnum("kind", Type.getDescriptor(JobKind.class), "IN_PROCESS");
            AnnotationVisitor produces = spec.visitArray("produces");
            produces.visit(null, "bitcode");
            produces.visitEnd();
        });
        assertThatThrownBy(() -> JobDeclarationReader.read("fixture.odd.OddJob", bytes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("job OddJob produces the unknown artifact 'bitcode': expected one of model, ");
    }
}
