package dev.starfish.runtime.cli;

import java.util.List;
import java.util.Map;

/**
 * The manual pages' EXAMPLES, ENVIRONMENT and FILES sections: what no command's option model
 * holds. Every page lists every variable and file (a reader of {@code starfish-cache(1)} should
 * not have to know that {@code XDG_CACHE_HOME} is explained elsewhere); examples are per command.
 */
final class ManPageAppendix {

    /** A term and what it means: one {@code .TP} entry of a section. */
    record Entry(String term, String text) {
    }

    static final List<Entry> ENVIRONMENT = List.of(
            new Entry("STARFISH_HOME", "The installation directory (default: the directory above bin/starfish)."),
            new Entry("STARFISH_CACHE_DIR", "The base directory of the caches: compile/ (the compile cache), native/ "
                    + "(plugins' native libraries), plugin-index/ (default: $XDG_CACHE_HOME/starfish, else "
                    + "$HOME/.cache/starfish)."),
            new Entry("XDG_CACHE_HOME", "Used for the caches when STARFISH_CACHE_DIR is unset (an absolute path; a "
                    + "relative one is ignored)."),
            new Entry("HOME", "The caches go to $HOME/.cache/starfish when neither variable above is set."),
            new Entry("JAVA_HOME", "The JDK 17 that runs the driver (default: java on PATH)."),
            new Entry("JAVA_OPTS", "Extra JVM options; a -Dlog4j2.configurationFile there replaces "
                    + "conf/log4j2.properties."),
            new Entry("STARFISH_CDS", "off runs without the class-data archive lib/starfish.jsa (made by "
                    + "bin/starfish-cds)."),
            new Entry("TMPDIR", "Where private temporary directories and crash reports are made (default: /tmp)."),
            new Entry("TERM, NO_COLOR", "No colour and no redrawn status line for TERM=dumb, an unset TERM or a set "
                    + "NO_COLOR; neither when stdout is not a terminal."));

    static final List<Entry> FILES = List.of(
            new Entry("$STARFISH_HOME/conf/starfish.properties", "Settings: pipeline, rejected.jobs, limits, the "
                    + "cache (each key explained in the file's own comments)."),
            new Entry("$STARFISH_HOME/conf/log4j2.properties", "Logging of the driver and of each compile's log file."),
            new Entry("$STARFISH_HOME/conf/plugins.lock", "Optional allow-list of plugin jars and their digests "
                    + "(starfish plugins lock)."),
            new Entry("$STARFISH_HOME/plugins/", "One jar per job plugin; operators add jars here."),
            new Entry("$STARFISH_HOME/starfish/bin/private/, $STARFISH_HOME/starfish/bin/", "The tools jobs run, "
                    + "private/ searched first."),
            new Entry("MODEL.work/", "A compile's work directory: log-starfish.txt, report.json, report.html, "
                    + "trace.json, the replay scripts, one sgNN/ per subgraph."),
            new Entry("~/.cache/starfish/compile/, ~/.cache/starfish/native/", "The compile cache and the plugins' "
                    + "extracted native libraries (see ENVIRONMENT for the directory)."));

    private static final Map<String, List<Entry>> EXAMPLES = Map.of(
            "starfish", List.of(
                    new Entry("starfish compile model.hlo", "Compile into model.neff, work in model.work/."),
                    new Entry("starfish jobs", "The installed jobs and where their tools resolve."),
                    new Entry("starfish doctor", "Check the installation.")),
            "starfish-compile", List.of(
                    new Entry("starfish compile model.hlo", "Compile into model.neff; the log is "
                            + "model.work/log-starfish.txt."),
                    new Entry("starfish compile model.hlo -###", "Print the plan; run and create nothing."),
                    new Entry("starfish compile model.hlo -j 2 --keep-temps -v", "Two subgraphs at a time, keep the "
                            + "intermediates, info on the console."),
                    new Entry("starfish compile model.hlo --pipeline JOB,JOB", "Run only these jobs, in this order "
                            + "(starfish jobs lists them).")),
            "starfish-batch", List.of(
                    new Entry("starfish batch models/ --parallel 2", "Every model of models/, two at a time; summary "
                            + "and batch-report.json."),
                    new Entry("starfish batch a.hlo b.hlo --executor slurm", "One Slurm job array.")),
            "starfish-replay", List.of(
                    new Entry("starfish replay model.work", "List the replay scripts of a compile."),
                    new Entry("starfish replay model.work JOB sg00", "Run that job's step of subgraph sg00 again.")),
            "starfish-cache", List.of(
                    new Entry("starfish cache info --json", "The cache's directory, entries and size as JSON."),
                    new Entry("starfish cache verify", "Hash every entry again; drop the corrupt ones.")),
            "starfish-plugins", List.of(
                    new Entry("starfish plugins list", "Every jar of plugins/, loaded or refused and why."),
                    new Entry("starfish plugins lint my-job.jar", "Check a jar before dropping it in."),
                    new Entry("starfish plugins lock", "Allow only the jars there are now.")),
            "starfish-jobs", List.of(
                    new Entry("starfish jobs --json", "Every job as JSON (docs/jobs-json.md)."),
                    new Entry("starfish jobs --libraries", "And the libraries each plugin bundles.")),
            "starfish-doctor", List.of(
                    new Entry("starfish doctor --json", "Every check as JSON; exit 1 when one fails.")),
            "starfish-generate-completion", List.of(
                    new Entry("source <(starfish generate-completion)", "Completion in this bash."),
                    new Entry("starfish generate-completion > ~/.local/share/bash-completion/completions/starfish",
                            "Completion in every new bash.")));

    private ManPageAppendix() {
    }

    /** The examples of the page {@code pageName} ({@code starfish-compile}), none for most subcommands. */
    static List<Entry> examples(String pageName) {
        return EXAMPLES.getOrDefault(pageName, List.of());
    }
}
