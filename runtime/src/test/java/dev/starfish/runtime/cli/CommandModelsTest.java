package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CommandModelsTest {

    @Test
    void aServerHandsEachCommandAModelNoOtherCommandHadAndMakesTheNextAhead() {
        List<Runnable> queued = new ArrayList<>();
        CommandModels models = CommandModels.madeAhead(queued::add);

        CommandLine first = models.take("jobs");
        assertThat(queued).as("the next model is made off the command's thread").hasSize(1);
        queued.remove(0).run();
        CommandLine second = models.take("jobs");
        CommandLine third = models.take("jobs"); // its spare not made yet: made on demand

        Set<CommandLine> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(List.of(first, second, third));
        assertThat(distinct).as("three commands, three models").hasSize(3);
        assertThat(second.getSubcommands()).containsOnlyKeys("jobs");
    }

    @Test
    void aModelMadeAheadHasEveryOptionOfOneMadeOnDemand() {
        CommandModels ahead = CommandModels.madeAhead(Runnable::run);
        ahead.take("compile");
        CommandLine spare = ahead.take("compile");
        CommandLine fresh = CommandModels.madeOnDemand().take("compile");

        assertThat(names(spare.getSubcommands().get("compile")))
                .isEqualTo(names(fresh.getSubcommands().get("compile")));
        assertThat(spare.getHelpFactory()).isSameAs(fresh.getHelpFactory());
    }

    @Test
    void aModelServesOneCommandOnly() {
        CommandLine model = CommandModels.madeOnDemand().take(null);
        StarfishCommand root = (StarfishCommand) model.getCommand();
        var invocation = ProcessInvocation.ofSystemStreams();
        root.bind(invocation, CommandStreams.of(invocation), CommandServices.oneShot());

        assertThatThrownBy(() -> root.bind(invocation, CommandStreams.of(invocation), CommandServices.oneShot()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already serves another command");
    }

    @Test
    void aStoppingServersCommandsStillGetAModel() {
        Executor stopped = task -> {
            throw new RejectedExecutionException("shut down");
        };
        assertThat(CommandModels.madeAhead(stopped).take("jobs").getSubcommands()).containsOnlyKeys("jobs");
    }

    private static List<String> names(CommandLine command) {
        return command.getCommandSpec().options().stream().map(o -> o.longestName()).sorted().toList();
    }
}
