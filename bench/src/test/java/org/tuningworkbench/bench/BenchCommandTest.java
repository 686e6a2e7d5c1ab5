package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.cli.ExitCode;
import org.tuningworkbench.tiers.IntegrationTest;

@IntegrationTest
class BenchCommandTest {

    private static final String EXAMPLES = java.nio.file.Path.of("..", "examples").toAbsolutePath().normalize().toString();

    @Test
    void refusesARacingPartOfNoRounds() {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), List.of(new BenchCommand()), "bench", "--examples", EXAMPLES, "--only", "racing", "--racing-rounds", "0");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("--racing-rounds 0 is outside its range: 1 to 1,000 rounds");
    }

    @Test
    void refusesAPeerPartOfNoRounds() {
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), List.of(new BenchCommand()), "bench", "--examples", EXAMPLES, "--only", "peer", "--peer-rounds", "0");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("--peer-rounds 0 is outside its range: 1 to 1,000 rounds");
    }

    @Test
    void namesTheRacingPartAmongThePartsItTakes() {
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), List.of(new BenchCommand()), "bench", "--examples", EXAMPLES, "--only", "racer");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("racing").contains("peer").contains("[racer]");
    }
}
