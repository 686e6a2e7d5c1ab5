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
        if (out.size() < n && misses >= 1000) {
            // Nearly every config is proposed already: the rest are drawn among those that are not, when the space is small enough to list.
            var rest = unseen();
            while (out.size() < n && !rest.isEmpty()) {
                Config c = rest.remove(random.nextInt(rest.size()));
                if (proposals.propose(c)) out.add(c);
            }
        }
        return out;
    }

    /** The valid configs not proposed yet; none when the space is too large to list (a random draw then finds them). */
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
