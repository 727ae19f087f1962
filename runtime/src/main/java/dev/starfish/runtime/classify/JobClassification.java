package dev.starfish.runtime.classify;

/**
 * One row of {@code starfish jobs classify}.
 *
 * @param name the job
 * @param resolverRefs calls of the tool resolver in the job's code
 * @param spawnRefs calls of the launcher's spawn
 * @param processClassRefs references to JDK process classes
 * @param kind the kind the bytecode shows: {@code native} iff {@code resolverRefs > 0}
 * @param declaredKind the kind the job declares
 */
public record JobClassification(String name, int resolverRefs, int spawnRefs, int processClassRefs, String kind,
        String declaredKind) {

    public boolean agrees() {
        return kind.equals(declaredKind);
    }
}
