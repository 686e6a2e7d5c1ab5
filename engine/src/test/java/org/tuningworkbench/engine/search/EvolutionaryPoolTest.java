package org.tuningworkbench.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The evolutionary search's parents: the fastest results told, kept as they come instead of sorted at every ask. */
class EvolutionaryPoolTest {

    private record Result(int told, double latency) {}

    @Test
    void thePoolIsAlwaysTheFastestResultsToldInTheOrderTheyCameAmongEquals() {
        var random = new Random(7);
        var pool = new ArrayList<Result>();
        var all = new ArrayList<Result>();
        for (int i = 0; i < 2_000; i++) {
            // Few distinct latencies, so equal ones are common and their order shows.
            var result = new Result(i, random.nextInt(40) * 0.5);
            all.add(result);
            EvolutionarySearch.keepFastest(pool, result, Result::latency, EvolutionarySearch.POOL);
            List<Result> expected = all.stream().sorted(Comparator.comparingDouble(Result::latency)).limit(EvolutionarySearch.POOL).toList();
            assertThat(pool).as("after %d results", i + 1).isEqualTo(expected);
        }
    }

    @Test
    void aPoolNotYetFullTakesEveryResult() {
        var pool = new ArrayList<Result>();
        EvolutionarySearch.keepFastest(pool, new Result(0, 5), Result::latency, 3);
        EvolutionarySearch.keepFastest(pool, new Result(1, 9), Result::latency, 3);
        EvolutionarySearch.keepFastest(pool, new Result(2, 1), Result::latency, 3);
        assertThat(pool).extracting(Result::told).containsExactly(2, 0, 1);
        EvolutionarySearch.keepFastest(pool, new Result(3, 9), Result::latency, 3);
        assertThat(pool).extracting(Result::told).containsExactly(2, 0, 1);
    }
}
