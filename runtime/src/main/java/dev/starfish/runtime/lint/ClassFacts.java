package dev.starfish.runtime.lint;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * What {@code plugins lint} needs to know of one class file, read with ASM and never loaded:
 * the classes it names where the JVM resolves them (super class, interfaces, field and method
 * descriptors, owners of fields and methods it uses, {@code new}, casts, {@code instanceof},
 * class constants, caught exceptions, method handles), and the methods it calls, each with the
 * method and source line it is called from. Annotations and generic signatures are left out:
 * a missing annotation or type argument never fails at run time.
 *
 * @param name the binary name ({@code com.example.Foo})
 * @param references binary names of the classes it refers to, in the order they first appear, without itself
 * @param calls the method calls in its methods
 */
record ClassFacts(String name, List<String> references, List<Call> calls) {

    ClassFacts {
        requireNonNull(name, "name is null");
        references = List.copyOf(references);
        calls = List.copyOf(calls);
    }

    /**
     * One call site.
     *
     * @param owner binary name of the class whose method is called
     * @param method the called method's name
     * @param descriptor the called method's descriptor
     * @param caller {@code com.example.Foo.run}, the method holding the call
     * @param where {@code Foo.java:12} when the class has a source file name and line numbers
     */
    record Call(String owner, String method, String descriptor, String caller, Optional<String> where) {

        /** {@code com.example.Foo.run (Foo.java:12)}, or the method alone. */
        String site() {
            return caller + where.map(w -> " (" + w + ")").orElse("");
        }
    }

    /** Reads a class file; {@link IllegalArgumentException} (or another runtime exception of ASM) when malformed. */
    static ClassFacts read(byte[] classFile) {
        Collector collector = new Collector();
        new ClassReader(classFile).accept(collector, ClassReader.SKIP_FRAMES);
        collector.references.remove(collector.name);
        return new ClassFacts(collector.name, new ArrayList<>(collector.references), collector.calls);
    }

    private static final class Collector extends ClassVisitor {
        private final Set<String> references = new LinkedHashSet<>();
        private final List<Call> calls = new ArrayList<>();
        private String name = "";
        private String sourceFile;

        Collector() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int access, String internalName, String signature, String superName,
                String[] interfaces) {
            name = internalName.replace('/', '.');
            if (superName != null) {
                addInternal(superName);
            }
            for (String anInterface : interfaces == null ? new String[0] : interfaces) {
                addInternal(anInterface);
            }
        }

        @Override
        public void visitSource(String source, String debug) {
            sourceFile = source;
        }

        @Override
        public FieldVisitor visitField(int access, String field, String descriptor, String signature, Object value) {
            addType(Type.getType(descriptor));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
                String[] exceptions) {
            addType(Type.getMethodType(descriptor));
            return new MethodVisitor(Opcodes.ASM9) {
                private int line = -1;

                @Override
                public void visitLineNumber(int number, Label start) {
                    line = number;
                }

                @Override
                public void visitTypeInsn(int opcode, String type) {
                    addInternal(type);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String field, String fieldDescriptor) {
                    addInternal(owner);
                    addType(Type.getType(fieldDescriptor));
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String called, String calledDescriptor,
                        boolean isInterface) {
                    addInternal(owner);
                    addType(Type.getMethodType(calledDescriptor));
                    calls.add(call(owner, called, calledDescriptor, method, line));
                }

                @Override
                public void visitInvokeDynamicInsn(String called, String calledDescriptor, Handle bootstrap,
                        Object... arguments) {
                    addType(Type.getMethodType(calledDescriptor));
                    addHandle(bootstrap);
                    for (Object argument : arguments) {
                        addConstant(argument);
                    }
                }

                @Override
                public void visitLdcInsn(Object value) {
                    addConstant(value);
                }

                @Override
                public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
                    addType(Type.getType(descriptor));
                }

                @Override
                public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                    if (type != null) {
                        addInternal(type);
                    }
                }
            };
        }

        private Call call(String owner, String method, String descriptor, String caller, int line) {
            Optional<String> where = sourceFile == null || line < 0 ? Optional.empty()
                    : Optional.of(sourceFile + ":" + line);
            return new Call(owner.replace('/', '.'), method, descriptor, name + "." + caller, where);
        }

        private void addConstant(Object constant) {
            if (constant instanceof Type type) {
                addType(type);
            } else if (constant instanceof Handle handle) {
                addHandle(handle);
            }
        }

        private void addHandle(Handle handle) {
            addInternal(handle.getOwner());
            addType(handle.getDesc().startsWith("(") ? Type.getMethodType(handle.getDesc()) : Type.getType(handle.getDesc()));
        }

        private void addInternal(String internalName) {
            addType(internalName.startsWith("[") ? Type.getType(internalName) : Type.getObjectType(internalName));
        }

        private void addType(Type type) {
            switch (type.getSort()) {
                case Type.ARRAY -> addType(type.getElementType());
                case Type.OBJECT -> references.add(type.getClassName());
                case Type.METHOD -> {
                    addType(type.getReturnType());
                    for (Type argument : type.getArgumentTypes()) {
                        addType(argument);
                    }
                }
                default -> { }
            }
        }
    }
}
