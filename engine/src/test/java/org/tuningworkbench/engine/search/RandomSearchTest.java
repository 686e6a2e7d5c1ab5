package org.tuningworkbench.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

class RandomSearchTest {

    @Test
    void aBudgetAsLargeAsTheSpaceMeasuresEveryConfigOnce() {
        // 4,096 configs, as large as a recorded space: near the end most draws hit a config already proposed.
        SearchSpace space = SearchSpace.of(List.of(Parameter.range("A", 0, 15, 1), Parameter.range("B", 0, 15, 1), Parameter.range("C", 0, 15, 1)));
        for (long seed = 1; seed <= 3; seed++) {
            var s = new RandomSearch(space, seed);
            Set<String> keys = new HashSet<>();
            List<Config> asked;
            while (!(asked = s.ask(4)).isEmpty()) {
                for (Config c : asked) {
                    assertThat(keys.add(c.key())).as("%s is proposed once", c).isTrue();
                    s.tell(Observation.ok(c, 1 + keys.size()));
                }
            }
            assertThat(keys).as("seed %d", seed).hasSize(4096);
        }
    }
}
