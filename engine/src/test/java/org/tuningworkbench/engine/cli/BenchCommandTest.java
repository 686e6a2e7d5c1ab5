package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.tiers.IntegrationTest;

@IntegrationTest
class BenchCommandTest {

    private static final String EXAMPLES = java.nio.file.Path.of("..", "examples").toAbsolutePath().normalize().toString();

    @Test
    void refusesARacingPartOfNoRounds() {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), "bench", "--examples", EXAMPLES, "--only", "racing", "--racing-rounds", "0");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("--racing-rounds must be at least 1, not 0");
    }

    @Test
    void namesTheRacingPartAmongThePartsItTakes() {
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "bench", "--examples", EXAMPLES, "--only", "racer");
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("racing").contains("[racer]");
    }
}
