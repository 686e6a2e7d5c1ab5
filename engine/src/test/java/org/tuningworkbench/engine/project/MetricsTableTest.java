package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsTableTest {

    @TempDir
    Path dir;

    @BeforeEach
    void kernel() throws Exception {
        Files.writeString(dir.resolve("vector_add.cl"), LaunchTableTest.KERNEL);
    }

    private Project parse(String tail) throws ProjectException {
        return ProjectFile.parse(dir.resolve("project.toml"), LaunchTableTest.PROJECT + "\n[launch]\nproblem_size = \"n\"\n" + tail, Map.of());
    }

    private List<String> errors(String tail) {
        try {
            parse(tail);
        } catch (ProjectException e) {
            return e.errors().stream().map(ProjectError::message).toList();
        }
        throw new AssertionError("expected the project to be refused");
    }

    @Test
    void metricsAreEvaluatedInOrderOverParametersSizesAndTimeInMilliseconds() throws Exception {
        Project project = parse("""
                [metrics]
                "GB/s" = "3 * 4 * n / 1e9 / (time / 1e3)"
                per_item = "time / n"
                scaled = "per_item * block_size_x"

                [search]
                objective = "GB/s"
                objective_higher_is_better = true
                """);
        assertThat(project.metrics()).extracting(Metric::name).containsExactly("GB/s", "per_item", "scaled");
        assertThat(project.search().objective()).isEqualTo(new Objective("GB/s", true));
        Map<String, Double> values = Metric.values(project.metrics(), project.inputs().sizes(), Map.of("block_size_x", "128"), 0.002);
        assertThat(values).containsEntry("GB/s", 6.0).containsEntry("per_item", 2e-6);
        assertThat(values.get("scaled")).isCloseTo(2.56e-4, org.assertj.core.api.Assertions.within(1e-12));
        // A metric that cannot be evaluated for a config is left out of its record, the others kept.
        assertThat(Metric.values(project.metrics(), project.inputs().sizes(), Map.of("block_size_x", "wide"), 0.002)).containsOnlyKeys("GB/s", "per_item");
    }

    @Test
    void anObjectiveThatIsNoMetricAndAMetricOverUnknownNamesAreRefusedByName() {
        assertThat(errors("[search]\nobjective = \"score\"\n")).containsExactly("objective `score` is neither time nor one of the project's [metrics] (it has none)");
        assertThat(errors("[metrics]\nspeed = \"n / duration\"\n")).singleElement().asString()
                .startsWith("[metrics] speed: `n / duration` names `duration`, which is none of block_size_x, n, time");
        assertThat(errors("[metrics]\ntime = \"1\"\n")).singleElement().asString().contains("`time` is the measured time");
        assertThat(errors("[search]\nobjective_higher_is_better = \"yes\"\n")).containsExactly("`objective_higher_is_better` must be true or false");
    }
}
