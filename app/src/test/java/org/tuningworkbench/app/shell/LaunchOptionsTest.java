package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

    private final Path example = Path.of("examples/basic-matmul/project.toml");

    @Test
    void withoutArgumentsTheBundledExampleOpens() {
        assertThat(LaunchOptions.parse(List.of(), example)).isEqualTo(new LaunchOptions(example, null, false, false, null, 0));
    }

    @Test
    void snapshotTakesAFileAndOptionallyRuns() {
        assertThat(LaunchOptions.parse(List.of("--snapshot", "shot.png", "--run", "--view", "variant", "--select", "2", "k.toml"), example))
                .isEqualTo(new LaunchOptions(Path.of("k.toml"), Path.of("shot.png"), true, false, "variant", 2));
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--snapshot"), example)).hasMessageContaining("FILE.png");
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--fast"), example)).hasMessageContaining("--fast");
        assertThat(LaunchOptions.parse(List.of("--snapshot", "s.png", "--lesson", "3", "--replay-at", "40"), example))
                .isEqualTo(new LaunchOptions(example, Path.of("s.png"), false, false, null, 0, 3, 40));
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--lesson", "0"), example)).hasMessage("--lesson needs a step number (1 is the first)");
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--replay-at", "x"), example)).hasMessage("--replay-at needs a number of trials (0 shows none)");
        var withPriors = LaunchOptions.parse(List.of("--prior", "a.json.gz", "--strategy", "model", "--prior", "b.jsonl", "s.json.gz"), example);
        assertThat(withPriors.priors()).containsExactly(Path.of("a.json.gz"), Path.of("b.jsonl"));
        assertThat(withPriors.strategy()).isEqualTo("model");
        assertThat(withPriors.present()).isFalse();
        assertThat(LaunchOptions.parse(List.of("--snapshot", "s.png", "--present", "--lesson", "2"), example).present()).isTrue();
        assertThat(withPriors.project()).isEqualTo(Path.of("s.json.gz"));
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--prior"), example)).hasMessageContaining("--prior needs a FILE");
        assertThatThrownBy(() -> LaunchOptions.parse(List.of("--strategy", "annealing"), example)).hasMessageContaining("--strategy needs one of grid");
    }

    @Test
    void theUsageListsEveryViewThatViewAccepts() {
        assertThat(LaunchOptions.USAGE).contains("[--view source|variant|difference|latency|trials|effect|heatmap|parallel|roofline]");
        assertThat(LaunchOptions.parse(List.of("--view", "roofline"), example).view()).isEqualTo("roofline");
    }
}
