package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.testing.TestProject;

class SearchSpaceTest {

    @TempDir
    Path dir;

    @Test
    void everyCombinationWithTheLastParameterVaryingFastest() {
        var values = new LinkedHashMap<String, List<String>>();
        values.put("BM", List.of("16", "32"));
        values.put("BN", List.of("a", "b", "c"));
        var space = new SearchSpace(values);
        List<Config> configs = space.configs(5);
        assertThat(space.size()).isEqualTo(6);
        assertThat(configs).extracting(Config::number).containsExactly(5, 6, 7, 8, 9, 10);
        assertThat(configs.get(0).values()).isEqualTo(Map.of("BM", "16", "BN", "a"));
        assertThat(configs.get(2).values()).isEqualTo(Map.of("BM", "16", "BN", "c"));
        assertThat(configs.get(3).values()).isEqualTo(Map.of("BM", "32", "BN", "a"));
    }

    @Test
    void anEmptySpaceHasNoConfigs() {
        assertThat(new SearchSpace(Map.of()).configs(1)).isEmpty();
    }

    @Test
    void theProjectFileSpaceFollowsItsListedConfigs() throws Exception {
        Files.writeString(dir.resolve("scale.c"), TestProject.SCALE_KERNEL);
        String text = TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;") + """

                [space]
                Body = ["for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"]
                Unroll = [1, 2]
                """);
        Path file = dir.resolve("project.toml");
        Files.writeString(file, text);
        var project = ProjectFile.load(file);
        assertThat(project.configs()).hasSize(5);
        assertThat(project.configs().get(1).number()).isEqualTo(2);
        assertThat(project.configs().get(4).values()).containsEntry("Unroll", "2").containsEntry("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];");
    }
}
