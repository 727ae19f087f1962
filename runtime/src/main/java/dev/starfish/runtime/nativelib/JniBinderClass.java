package dev.starfish.runtime.nativelib;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The bytes of a one-method class, {@code dev.starfish.internal.JniBinder}, whose static
 * {@code load(String)} calls {@link System#load}. Defined inside a plugin's loader, it makes
 * that loader the caller {@code System.load} binds the library to — which neither
 * reflection nor a method handle from the host can do for a caller-sensitive method.
 */
public final class JniBinderClass {

    public static final String NAME = "dev.starfish.internal.JniBinder";

    private JniBinderClass() {
    }

    /** The class file, made once per driver: every plugin with JNI code defines its own copy of it. */
    public static byte[] bytes() {
        return Made.BYTES.clone();
    }

    private static final class Made {
        static final byte[] BYTES = make();
    }

    private static byte[] make() {
        // one straight-line method: no stack map frames to compute, only the maximum stack and locals
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        String internal = NAME.replace('.', '/');
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, internal, null,
                "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "load", "(Ljava/lang/String;)V",
                null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/System", "load", "(Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
