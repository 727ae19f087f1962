package dev.starfish.runtime.registry;

import dev.starfish.api.SystemExitError;
import java.nio.charset.StandardCharsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a plugin class's calls of {@code System.exit(int)}, {@code Runtime.exit(int)} and
 * {@code Runtime.halt(int)} into calls of {@link SystemExitError}, which throw: plugin code can
 * then fail its job but never end the driver, nor choose its exit code. A shutdown hook could
 * stop the exit too late (the code is already chosen and unknown to it); rewriting the call
 * keeps the compile's own failure path, its report and exit 1, and knows the code.
 *
 * <p>A class that names neither {@code exit} nor {@code halt} is returned as the very same
 * array, untouched, so the class-data archive still matches its bytes. Calls through reflection,
 * method handles or native code are not rewritten.
 */
public final class ExitCallRewriter {

    private static final String TARGET = Type.getInternalName(SystemExitError.class);
    private static final byte[] EXIT = "exit".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HALT = "halt".getBytes(StandardCharsets.US_ASCII);

    private ExitCallRewriter() {
    }

    /** The class's bytes with its exit calls rewritten, or {@code bytes} itself when it has none. */
    static byte[] rewrite(byte[] bytes) {
        if (!contains(bytes, EXIT) && !contains(bytes, HALT)) {
            return bytes;
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (isSystemExit(opcode, owner, method, desc)) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, TARGET, "exit", "(I)V", false);
                        } else if (isRuntimeExitOrHalt(opcode, owner, method, desc)) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, TARGET, method, "(Ljava/lang/Runtime;I)V", false);
                        } else {
                            super.visitMethodInsn(opcode, owner, method, desc, itf);
                        }
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : bytes;
    }

    private static boolean isSystemExit(int opcode, String owner, String method, String desc) {
        return opcode == Opcodes.INVOKESTATIC && owner.equals("java/lang/System") && method.equals("exit")
                && desc.equals("(I)V");
    }

    private static boolean isRuntimeExitOrHalt(int opcode, String owner, String method, String desc) {
        return opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Runtime")
                && (method.equals("exit") || method.equals("halt")) && desc.equals("(I)V");
    }

    private static boolean contains(byte[] bytes, byte[] word) {
        outer:
        for (int i = 0; i <= bytes.length - word.length; i++) {
            for (int j = 0; j < word.length; j++) {
                if (bytes[i + j] != word[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
