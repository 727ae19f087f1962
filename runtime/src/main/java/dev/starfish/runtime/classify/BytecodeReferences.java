package dev.starfish.runtime.classify;

import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Counts, in one class file, the call sites of the tool resolver ({@code Launcher.resolve}),
 * of the launcher's spawn ({@code Launcher.run}) and the references to JDK process classes
 * ({@code ProcessBuilder}, {@code Process}, {@code Runtime.exec}) — the seed's §1 literal-pool
 * count, done on bytecode with ASM.
 *
 * @param resolverCalls calls of {@code dev.starfish.api.Launcher.resolve}
 * @param spawnCalls calls of {@code dev.starfish.api.Launcher.run}
 * @param processClassRefs instructions that touch a JDK process class
 */
public record BytecodeReferences(int resolverCalls, int spawnCalls, int processClassRefs) {

    static final String LAUNCHER = "dev/starfish/api/Launcher";

    public static BytecodeReferences of(byte[] classFile) {
        AtomicInteger resolver = new AtomicInteger();
        AtomicInteger spawn = new AtomicInteger();
        AtomicInteger process = new AtomicInteger();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (owner.equals(LAUNCHER) && method.equals("resolve")) {
                            resolver.incrementAndGet();
                        } else if (owner.equals(LAUNCHER) && method.equals("run")) {
                            spawn.incrementAndGet();
                        } else if (isProcessClass(owner) || (owner.equals("java/lang/Runtime") && method.equals("exec"))) {
                            process.incrementAndGet();
                        }
                    }

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        if (isProcessClass(type)) {
                            process.incrementAndGet();
                        }
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        if (value instanceof Type type && isProcessClass(type.getInternalName())) {
                            process.incrementAndGet();
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new BytecodeReferences(resolver.get(), spawn.get(), process.get());
    }

    private static boolean isProcessClass(String internalName) {
        return internalName.equals("java/lang/ProcessBuilder") || internalName.equals("java/lang/Process")
                || internalName.startsWith("java/lang/ProcessBuilder$");
    }

    BytecodeReferences plus(BytecodeReferences other) {
        return new BytecodeReferences(resolverCalls + other.resolverCalls, spawnCalls + other.spawnCalls,
                processClassRefs + other.processClassRefs);
    }
}
