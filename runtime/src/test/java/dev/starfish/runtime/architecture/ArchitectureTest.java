package dev.starfish.runtime.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package diagram of docs/architecture.md, checked against the runtime's bytecode: each layer
 * uses only the layers below it, no two packages depend on each other in a cycle, and only the
 * command line knows Picocli. A change that needs another arrow changes the page and this test
 * together.
 */
class ArchitectureTest {

    private static final String ROOT = "dev.starfish.runtime.";
    private static JavaClasses runtime;

    @BeforeAll
    static void importRuntime() {
        runtime = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.starfish.runtime");
    }

    @Test
    void eachLayerUsesOnlyTheLayersBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("server").definedBy(ROOT + "server..")
                .layer("cli").definedBy(ROOT + "cli..")
                .layer("commands").definedBy(ROOT + "batch..", ROOT + "doctor..", ROOT + "lint..")
                .layer("host").definedBy(ROOT + "host..")
                .layer("compile").definedBy(ROOT + "compile..")
                .layer("compile parts").definedBy(ROOT + "plan..", ROOT + "cache..", ROOT + "report..",
                        ROOT + "classify..")
                .layer("registry").definedBy(ROOT + "registry..")
                .layer("plugin").definedBy(ROOT + "plugin..")
                .layer("launch").definedBy(ROOT + "launch..", ROOT + "nativelib..", ROOT + "sandbox..")
                .layer("base").definedBy(ROOT + "config..", ROOT + "jar..", ROOT + "json..", ROOT + "log..",
                        ROOT + "invocation..", ROOT + "replay..", ROOT + "table..", ROOT + "cds..", ROOT + "neff..")
                .whereLayer("server").mayNotBeAccessedByAnyLayer()
                .whereLayer("cli").mayOnlyBeAccessedByLayers("server")
                .whereLayer("commands").mayOnlyBeAccessedByLayers("cli", "server")
                .whereLayer("host").mayOnlyBeAccessedByLayers("commands", "cli", "server")
                .whereLayer("compile").mayOnlyBeAccessedByLayers("commands", "cli", "server")
                .whereLayer("compile parts").mayOnlyBeAccessedByLayers("compile", "host", "commands", "cli", "server")
                .whereLayer("registry").mayOnlyBeAccessedByLayers("compile parts", "compile", "host", "commands",
                        "cli", "server")
                .whereLayer("plugin").mayOnlyBeAccessedByLayers("registry", "compile parts", "compile", "host",
                        "commands", "cli", "server")
                .whereLayer("launch").mayOnlyBeAccessedByLayers("plugin", "registry", "compile parts", "compile",
                        "host", "commands", "cli", "server")
                .check(runtime);
    }

    @Test
    void theBasePackagesUseNoOtherPackageOfTheRuntimeButEachOther() {
        noClasses().that().resideInAnyPackage(ROOT + "config..", ROOT + "jar..", ROOT + "json..", ROOT + "log..",
                        ROOT + "invocation..", ROOT + "replay..", ROOT + "table..", ROOT + "cds..", ROOT + "neff..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + "server..", ROOT + "cli..", ROOT + "batch..",
                        ROOT + "doctor..", ROOT + "lint..", ROOT + "host..", ROOT + "compile..", ROOT + "plan..",
                        ROOT + "cache..", ROOT + "report..", ROOT + "classify..", ROOT + "registry..", ROOT + "plugin..",
                        ROOT + "launch..", ROOT + "nativelib..", ROOT + "sandbox..")
                .check(runtime);
    }

    @Test
    void noTwoPackagesDependOnEachOther() {
        slices().matching(ROOT + "(*)..").should().beFreeOfCycles().check(runtime);
    }

    @Test
    void onlyTheCommandLineKnowsPicocli() {
        noClasses().that().resideOutsideOfPackage(ROOT + "cli..").should().dependOnClassesThat()
                .resideInAPackage("picocli..").check(runtime);
    }
}
