package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every line of every command's help is a format string to picocli: a lone % in one makes it warn on
 * stderr and print the line unformatted. Each line must format. The list of commands shows each
 * one's first line, which must be a whole sentence; {@code help} is a command.
 */
class HelpTextTest {

    @Test
    void everyLineOfEveryCommandsHelpFormats() {
        CommandLine cli = new CommandLine(Cli.class);
        var specs = new ArrayList<CommandSpec>(List.of(cli.getCommandSpec()));
        cli.getSubcommands().values().forEach(sub -> specs.add(sub.getCommandSpec()));
        for (CommandSpec spec : specs) {
            var lines = new ArrayList<String>();
            lines.addAll(List.of(spec.usageMessage().description()));
            lines.addAll(List.of(spec.usageMessage().header()));
            lines.addAll(List.of(spec.usageMessage().footer()));
            spec.options().forEach(option -> lines.addAll(List.of(option.description())));
            spec.positionalParameters().forEach(parameter -> lines.addAll(List.of(parameter.description())));
            for (String line : lines) {
                assertThatCode(() -> String.format(line)).as("`%s` help: %s", spec.name(), line).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void theListOfCommandsShowsEachOnesSummaryAsAWholeSentence() {
        CommandLine cli = new CommandLine(Cli.class);
        cli.getSubcommands().forEach((name, sub) -> {
            String[] description = sub.getCommandSpec().usageMessage().description();
            if (name.equals("help")) return;
            assertThat(description).as(name).isNotEmpty();
            assertThat(description[0]).as(name).endsWith(".");
        });
    }

    @Test
    void theCommandsThatReadRecordsListTheirExitCodesAlike() {
        for (String command : List.of("show", "best", "report", "apply-best")) {
            assertThat(TunedScale.run(command, "--help").out()).as(command).contains("Exit codes:").containsPattern("(?m)^  2 +bad input");
        }
        assertThat(TunedScale.run("show", "--help").out()).contains("  0   the table is printed");
    }

    @Test
    void helpIsACommandAndABadCommandLinePointsToTheRightHelp() {
        TunedScale.Result help = TunedScale.run("help");
        assertThat(help.code()).as(help.err()).isEqualTo(ExitCode.OK);
        assertThat(help.out()).contains("Commands:", "replay", "show");
        assertThat(TunedScale.run("help", "best").out()).contains("Usage: workbench best");
        assertThat(TunedScale.run("--bogus").err()).contains("Try 'workbench --help'.");
        assertThat(TunedScale.run("best", "--bogus").err()).contains("Try 'workbench best --help'.");
    }
}
