package dev.starfish.runtime.lint;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JNI symbols a class's {@code native} methods bind to, per the JNI specification's
 * name mangling: the short name {@code Java_<class>_<method>} and the long name
 * {@code Java_<class>_<method>__<argument descriptors>}; the JVM accepts either.
 */
final class JniSymbols {

    /** One native method and the two names it may be exported under. */
    record NativeMethod(String className, String method, String descriptor, String shortName, String longName) {
        String display() {
            return className + "." + method + descriptor;
        }
    }

    private JniSymbols() {
    }

    /** The native methods declared by the class in {@code classFile}, in declaration order. */
    static List<NativeMethod> of(byte[] classFile) {
        List<NativeMethod> natives = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            private String internalName;

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                    String[] interfaces) {
                internalName = name;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if ((access & Opcodes.ACC_NATIVE) != 0) {
                    String shortName = "Java_" + mangle(internalName) + "_" + mangle(name);
                    String arguments = descriptor.substring(1, descriptor.indexOf(')'));
                    natives.add(new NativeMethod(internalName.replace('/', '.'), name, descriptor, shortName,
                            shortName + "__" + mangle(arguments)));
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return natives;
    }

    /** JNI mangling: {@code /} → {@code _}, {@code _} → {@code _1}, {@code ;} → {@code _2}, {@code [} → {@code _3}, other non-alphanumerics → {@code _0xxxx}. */
    static String mangle(String name) {
        StringBuilder out = new StringBuilder();
        for (char c : name.toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
                out.append(c);
            } else if (c == '/' || c == '.') {
                out.append('_');
            } else if (c == '_') {
                out.append("_1");
            } else if (c == ';') {
                out.append("_2");
            } else if (c == '[') {
                out.append("_3");
            } else {
                out.append(String.format("_0%04x", (int) c));
            }
        }
        return out.toString();
    }
}
