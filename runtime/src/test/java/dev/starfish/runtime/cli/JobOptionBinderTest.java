package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobOptions;
import dev.starfish.runtime.launch.LogCapture;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Job options on {@code compile}, from two real plugin jars: {@code Fuse} and {@code Lower} each
 * declare their own options and both declare {@code --scratch-dir}, with a default only in Fuse.
 */
class JobOptionBinderTest {

    @TempDir
    Path tmp;

    private JobRegistry registry;
    private CommandLine cli;
    private CommandLine compile;
    private final JobOptionBinder binder = new JobOptionBinder();

    /** An in-process job {@code fixture.<pkg>.<name>} carrying the given {@code @JobOptionSpec} annotations. */
    private static String jobWithOptions(String pkg, String name, String... optionSpecs) {
        String job = PluginJarBuilder.inProcessJob(pkg, name, "", "\"" + name + "\"");
        return job.replace("@org.pf4j.Extension", "@org.pf4j.Extension " + String.join(" ", optionSpecs));
    }

    private static String spec(String name, String type, String label, String defaultValue) {
        return "@JobOptionSpec(name = \"" + name + "\", type = JobOption.Type." + type + ", paramLabel = \"" + label
                + "\", description = \"About " + name + ".\", defaultValue = \"" + defaultValue + "\")";
    }

    @BeforeEach
    void registerTwoJobs() {
        Path plugins = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "fuse").job("fixture.fuse.Fuse", jobWithOptions("fixture.fuse", "Fuse",
                spec("--fuse-ops", "LIST", "OPS", "add,mul"), spec("--fuse-aggressively", "FLAG", "", ""),
                spec("--scratch-dir", "STRING", "DIR", "/var/cache/fuse"))).buildInto(plugins, "fuse.jar");
        new PluginJarBuilder(tmp, "lower").job("fixture.lower.Lower", jobWithOptions("fixture.lower", "Lower",
                spec("--opt-level", "INTEGER", "N", "2"), spec("--scratch-dir", "STRING", "DIR", "")))
                .buildInto(plugins, "lower.jar");
        registry = JobRegistry.forDirectory(plugins, PluginRejectList.none()).loadAllJobs();
        cli = StarfishCli.newCommandLine();
        compile = cli.getSubcommands().get("compile");
        binder.register(compile.getCommandSpec(), registry);
    }

    @AfterEach
    void closeRegistry() {
        registry.close();
    }

    /** {@code compile OPTIONS m.hlo}, parsed from the root command as {@code main} does. */
    private ParseResult parse(String... options) {
        List<String> args = new ArrayList<>(List.of("compile"));
        args.addAll(List.of(options));
        args.add("m.hlo");
        return cli.parseArgs(args.toArray(String[]::new)).subcommand();
    }

    private static List<String> names(ArgGroupSpec group) {
        return group.options().stream().map(OptionSpec::longestName).toList();
    }

    @Test
    void eachJobsOptionsAppearInTheirOwnGroupUnderTheJobsName() {
        List<ArgGroupSpec> groups = compile.getCommandSpec().argGroups();
        assertThat(groups).extracting(ArgGroupSpec::heading).containsExactly("%nFuse options:%n", "%nLower options:%n");
        assertThat(names(groups.get(0))).containsExactly("--fuse-ops", "--fuse-aggressively", "--scratch-dir");
        assertThat(names(groups.get(1))).as("--scratch-dir is already in Fuse's group").containsExactly("--opt-level");
        assertThat(compile.getUsageMessage()).contains("Fuse options:", "--fuse-ops=OPS", "About --fuse-ops. (default: add,mul)",
                "Lower options:", "--opt-level=N");
    }

    @Test
    void optionTwoJobsDeclareIsRegisteredOnce() {
        assertThat(compile.getCommandSpec().options()).filteredOn(o -> o.longestName().equals("--scratch-dir")).hasSize(1);
    }

    @Test
    void optionTwoJobsDeclareGivesItsValueToBoth() {
        Map<String, JobOptions> values = binder.values(parse("--scratch-dir", "/work/cache"));
        assertThat(values.get("Fuse").string("--scratch-dir", "none")).isEqualTo("/work/cache");
        assertThat(values.get("Lower").string("--scratch-dir", "none")).isEqualTo("/work/cache");
    }

    @Test
    void optionsNotGivenTakeEachJobsOwnDefault() {
        Map<String, JobOptions> values = binder.values(parse());
        assertThat(values).containsOnlyKeys("Fuse", "Lower");
        assertThat(values.get("Fuse").string("--scratch-dir", "none")).isEqualTo("/var/cache/fuse");
        assertThat(values.get("Lower").string("--scratch-dir", "none")).as("Lower declares no default").isEqualTo("none");
        assertThat(values.get("Lower").integer("--opt-level", -1)).isEqualTo(2);
        assertThat(values.get("Fuse").list("--fuse-ops")).containsExactly("add,mul");
        assertThat(values.get("Fuse").flag("--fuse-aggressively")).isFalse();
    }

    @Test
    void givenValuesReachOnlyTheJobsDeclaringThem() {
        Map<String, JobOptions> values = binder.values(parse("--opt-level", "3", "--fuse-aggressively"));
        assertThat(values.get("Lower").integer("--opt-level", -1)).isEqualTo(3);
        assertThat(values.get("Lower").names()).doesNotContain("--fuse-aggressively");
        assertThat(values.get("Fuse").flag("--fuse-aggressively")).isTrue();
        assertThat(values.get("Fuse").names()).doesNotContain("--opt-level");
    }

    @Test
    void listValuesAreSplitTrimmedAndCollectedOverRepeats() {
        Map<String, JobOptions> values = binder.values(parse("--fuse-ops", "add, mul", "--fuse-ops=exp"));
        assertThat(values.get("Fuse").list("--fuse-ops")).containsExactly("add", "mul", "exp");
    }

    @Test
    void optionOfAJobOutsideThePipelineIsWarnedAboutNamingOptionAndJob() {
        try (LogCapture log = new LogCapture(JobOptionBinder.class)) {
            binder.warnAboutUnusedOptions(parse("--fuse-aggressively", "--opt-level", "1"), List.of("Lower"));
            assertThat(log.lines()).containsExactly(
                    "--fuse-aggressively has no effect: it is an option of Fuse, which is not in this compile's pipeline");
        }
    }

    @Test
    void sharedOptionIsNotWarnedAboutWhenOneJobDeclaringItRuns() {
        try (LogCapture log = new LogCapture(JobOptionBinder.class)) {
            binder.warnAboutUnusedOptions(parse("--scratch-dir", "/c"), List.of("Lower"));
            assertThat(log.lines()).isEmpty();
        }
    }

    @Test
    void optionsNotGivenAreNotWarnedAbout() {
        try (LogCapture log = new LogCapture(JobOptionBinder.class)) {
            binder.warnAboutUnusedOptions(parse(), List.of());
            assertThat(log.lines()).isEmpty();
        }
    }

    @Test
    void sharedOptionGivenWithNeitherJobRunningIsWarnedAboutOnce() {
        try (LogCapture log = new LogCapture(JobOptionBinder.class)) {
            binder.warnAboutUnusedOptions(parse("--scratch-dir", "/c"), List.of());
            assertThat(log.lines()).containsExactly(
                    "--scratch-dir has no effect: it is an option of Fuse, which is not in this compile's pipeline");
        }
    }
}
