package org.tuningworkbench.engine.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;

class ProjectTextTest {

    @TempDir
    Path dir;

    private static final String PROJECT = """
            name = "t"
            [kernel]
            source = "k.c"
            entry = "k"

            [[args]]
            name = "n"
            scalar = "int"
            value = "4"

            [measure]
            # keep me
            repeat = 10
            seed = 7

            # The configs.
            [[configs]]
            BM = "1"

            [[configs]]
            BM = "2"
            """;

    private Project load(String text) throws Exception {
        Files.writeString(dir.resolve("k.c"), "void k(int n) { int BM = 1; // tunable\n}\n");
        Path file = dir.resolve("project.toml");
        Files.writeString(file, text);
        return ProjectFile.load(file);
    }

    @Test
    void replacesTheConfigsAndKeepsTheRest() throws Exception {
        String text = ProjectText.withConfigs(PROJECT, List.of(Map.of("BM", "GemmShape<1, \"2\">"), Map.of("BM", "3")));
        assertThat(text).contains("# keep me", "# The configs.", "seed = 7").doesNotContain("BM = \"1\"");
        assertThat(load(text).candidates().listed()).containsExactly(new Config(Map.of("BM", "GemmShape<1, \"2\">")), new Config(Map.of("BM", "3")));
    }

    @Test
    void addsConfigsToAProjectWithoutAny() throws Exception {
        String without = ProjectText.withConfigs(PROJECT, List.of());
        assertThat(load(without).candidates().listed()).isEmpty();
        assertThat(load(ProjectText.withConfigs(without, List.of(Map.of("BM", "9")))).candidates().listed()).hasSize(1);
    }

    @Test
    void savingListedConfigsKeepsTheSearchSpaceAsASpace() throws Exception {
        String withSpace = PROJECT.replace("# The configs.", "[space]\nBM = [4, 8]\nconstraints = [\"BM > 2\"]\n\n# The configs.");
        assertThat(load(withSpace).candidates().listed()).hasSize(2);
        assertThat(load(withSpace).candidates().space()).hasValueSatisfying(s -> assertThat(s.size()).isEqualTo(2));
        String saved = ProjectText.withConfigs(withSpace, List.of(Map.of("BM", "16")));
        assertThat(saved).contains("[space]\nBM = [4, 8]\nconstraints = [\"BM > 2\"]");
        assertThat(load(saved).candidates().listed()).containsExactly(new Config(Map.of("BM", "16")));
        assertThat(load(saved).candidates().space()).hasValueSatisfying(s -> assertThat(s.list()).hasSize(2));
    }

    @Test
    void setsTheMeasureSettings() throws Exception {
        var measure = new MeasureSettings(0, 3, 1.5, Duration.ofSeconds(9), 42, MeasureSettings.DEFAULT.memoryLimitMb());
        Project project = load(ProjectText.withMeasure(PROJECT, measure));
        assertThat(project.measure()).isEqualTo(new MeasureSettings(0, 3, 1.5, Duration.ofSeconds(9), 7, MeasureSettings.DEFAULT.memoryLimitMb()));
        String noMeasure = PROJECT.replace("[measure]\n# keep me\nrepeat = 10\nseed = 7\n", "");
        assertThat(load(ProjectText.withMeasure(noMeasure, measure)).measure().repeat()).isEqualTo(3);
    }

    @Test
    void aWarmUpInCallsIsSavedAsWarmupAndReplacesTheTime() throws Exception {
        String withTime = PROJECT.replace("repeat = 10\n", "repeat = 10\nwarmup_ms = 30\n");
        String saved = ProjectText.withMeasure(withTime, load(withTime).measure().withWarmupCalls(10));
        assertThat(saved).contains("warmup = 10").doesNotContain("warmup_ms");
        assertThat(load(saved).measure().warmupCalls()).isEqualTo(10);
        String back = ProjectText.withMeasure(saved, load(saved).measure().withWarmupMs(5));
        assertThat(back).contains("warmup_ms = 5").doesNotContain("warmup = ");
    }

    @Test
    void racingTurnedOffIsSavedAndOnAgainLeavesNoKeyItDidNotFind() throws Exception {
        var on = load(PROJECT).measure();
        assertThat(ProjectText.withMeasure(PROJECT, on)).doesNotContain("racing");
        String off = ProjectText.withMeasure(PROJECT, on.withRacing(on.racing().withEnabled(false)));
        assertThat(off).contains("racing = false");
        assertThat(load(off).measure().racing().enabled()).isFalse();
        String back = ProjectText.withMeasure(off, on);
        assertThat(back).contains("racing = true").doesNotContain("racing = false");
        assertThat(load(back).measure().racing().enabled()).isTrue();
        String noMeasure = PROJECT.replace("[measure]\n# keep me\nrepeat = 10\nseed = 7\n", "");
        assertThat(ProjectText.withMeasure(noMeasure, on)).doesNotContain("racing");
        assertThat(load(ProjectText.withMeasure(noMeasure, on.withRacing(on.racing().withEnabled(false)))).measure().racing().enabled()).isFalse();
    }
}
