package org.tuningworkbench.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/** The order the listed configs and a grid's walk of the space are measured in. */
class SearchOrderTest {

    private static final List<Config> LISTED = IntStream.range(0, 20).mapToObj(i -> new Config(Map.of("T", Integer.toString(i)))).toList();
    private static final SearchSpace SPACE = SearchSpace.of(List.of(Parameter.range("T", 100, 139, 1)));

    private static List<Config> walk(String strategy, long seed, Order order, int n) {
        SearchStrategy s = Strategies.create(strategy, SPACE, LISTED, seed, order);
        var out = new ArrayList<Config>();
        while (out.size() < n) {
            List<Config> asked = s.ask(1);
            if (asked.isEmpty()) break;
            out.addAll(asked);
            asked.forEach(c -> s.tell(Observation.ok(c, 1)));
        }
        return out;
    }

    @Test
    void listedMeasuresTheListThenTheSpaceAsWritten() {
        List<Config> walked = walk("grid", 1, Order.LISTED, 100);
        assertThat(walked.subList(0, 20)).isEqualTo(LISTED);
        assertThat(walked.subList(20, 60)).isEqualTo(SPACE.list());
    }

    @Test
    void shuffledMeasuresTheListThenTheSpaceEachInASeededRandomOrder() {
        List<Config> walked = walk("grid", 1, Order.SHUFFLED, 100);
        assertThat(walked).hasSize(60);
        assertThat(walked.subList(0, 20)).containsExactlyInAnyOrderElementsOf(LISTED).isNotEqualTo(LISTED);
        assertThat(walked.subList(20, 60)).containsExactlyInAnyOrderElementsOf(SPACE.list()).isNotEqualTo(SPACE.list());
        assertThat(walk("grid", 1, Order.SHUFFLED, 100)).isEqualTo(walked);
        assertThat(walk("grid", 2, Order.SHUFFLED, 100)).isNotEqualTo(walked);
    }

    @Test
    void aSearchMeasuresTheListedConfigsFirstInTheSameOrder() {
        assertThat(walk("random", 1, Order.LISTED, 20)).isEqualTo(LISTED);
        assertThat(walk("random", 1, Order.SHUFFLED, 20)).isEqualTo(walk("grid", 1, Order.SHUFFLED, 20));
    }

    @Test
    void anOrderIsNamedShuffledOrListed() {
        assertThat(Order.of("listed")).isEqualTo(Order.LISTED);
        assertThat(Order.SHUFFLED.key()).isEqualTo("shuffled");
        assertThatThrownBy(() -> Order.of("sideways")).hasMessage("unknown order `sideways`; use shuffled or listed");
    }
}
