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
    }
}
