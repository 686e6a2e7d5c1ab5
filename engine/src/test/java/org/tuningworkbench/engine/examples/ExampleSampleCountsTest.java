package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.stats.Comparison;

/**
 * Every bundled example takes enough samples a config for its grid's claims: two configs whose samples lie wholly
 * apart are told apart (docs/claims.md), not left at "too few samples (3 and 3)", which the exact test cannot pass.
 */
class ExampleSampleCountsTest {

    static java.util.stream.Stream<Path> examples() throws java.io.IOException {
        return BundledExamplesTest.examples();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void twoConfigsWhoseSamplesLieWhollyApartAreToldApart(Path projectFile) throws Exception {
        Project project = ProjectFile.load(projectFile);
        int repeat = project.measure().repeat();
        double[] fast = IntStream.range(0, repeat).mapToDouble(i -> 100 + i).toArray();
        double[] slow = IntStream.range(0, repeat).mapToDouble(i -> 200 + i).toArray();
        assertThat(Comparison.of(fast, slow).verdict()).as("%s: repeat = %d", projectFile, repeat).isEqualTo(Comparison.Verdict.A_FASTER);
    }
}
