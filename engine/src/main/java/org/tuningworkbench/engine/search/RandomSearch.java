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
        while (out.size() < n && proposals.seenCount() < space.size()) {
            if (misses >= 1000) {
                // Nearly every config is proposed already: draw among those that are not, when the space is small enough to list.
                var rest = unseen();
                if (rest.isEmpty()) break;
                Config c = rest.get(random.nextInt(rest.size()));
                proposals.propose(c);
                out.add(c);
                continue;
            }
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

    private List<Config> unseen() {
        var rest = new ArrayList<Config>();
        for (Config c : space.validList(200_000).orElse(List.of())) if (!proposals.seen(c)) rest.add(c);
        return rest;
    }

    @Override
    public void tell(Observation observation) {
        proposals.tell(observation);
    }
}
