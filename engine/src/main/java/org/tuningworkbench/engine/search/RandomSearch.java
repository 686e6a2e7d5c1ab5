package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/** Valid configs drawn uniformly at random without repetition, from a seeded generator. */
public final class RandomSearch implements SearchStrategy {

    private final SearchSpace space;
    private final RandomGenerator random;
    private final Proposals proposals = new Proposals();

    public RandomSearch(SearchSpace space, long seed) {
        this.space = space;
        this.random = Seeds.generator(seed, "random");
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public List<Config> ask(int n) {
        var out = new ArrayList<Config>();
        int misses = 0;
        while (out.size() < n && proposals.seenCount() < space.size() && misses < 1000) {
            var c = space.random(random);
            if (c.isEmpty()) break;
            if (proposals.propose(c.get())) {
                out.add(c.get());
                misses = 0;
            } else {
                misses++;
            }
        }
        return out;
    }

    @Override
    public void tell(Observation observation) {
        proposals.tell(observation);
    }
}
