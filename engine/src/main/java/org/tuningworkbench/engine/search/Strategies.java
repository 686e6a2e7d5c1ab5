package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/** The strategies by name, as projects and the command line choose them. */
public final class Strategies {
    private Strategies() {}

    /** Each strategy's maker over a space, a seed and what priors advise; the grid is made apart, as it also walks listed configs. */
    private interface Maker {
        SearchStrategy make(SearchSpace space, long seed, PriorAdvice advice);
    }

    private static final Map<String, Maker> SEARCHES = Map.of(
            "random", (space, seed, advice) -> new RandomSearch(space, seed),
            "evolutionary", EvolutionarySearch::new,
            "model", ModelSearch::new);

    /** The strategies that learn from priors; the others search as they would without. */
    public static final List<String> LEARNING_FROM_PRIORS = List.of("evolutionary", "model");

    /** Every strategy's name, the default first. */
    public static final List<String> NAMES = names();

    private static List<String> names() {
        var out = new ArrayList<String>();
        out.add("grid");
        SEARCHES.keySet().stream().sorted().forEach(out::add);
        return List.copyOf(out);
    }

    /**
     * The strategy {@code name} over {@code space}, seeded with {@code seed}. {@code pinned} configs
     * (the ones a person listed) come first, whatever the strategy, in {@code order}; a grid walks the
     * space in that order too.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public static SearchStrategy create(String name, SearchSpace space, List<Config> pinned, long seed, Order order) {
        return create(name, space, pinned, seed, order, PriorAdvice.NONE);
    }

    /** As {@link #create(String, SearchSpace, List, long, Order)}, the strategy learning from {@code advice} when it can. */
    public static SearchStrategy create(String name, SearchSpace space, List<Config> pinned, long seed, Order order, PriorAdvice advice) {
        boolean shuffled = order == Order.SHUFFLED;
        RandomGenerator random = Seeds.generator(seed, "order");
        List<Config> first = shuffled ? shuffled(pinned, random) : pinned;
        if (name.equals("grid")) {
            var walk = new ArrayList<Iterable<Config>>();
            walk.add(first);
            walk.add(shuffled ? space.shuffled(random) : space.valid());
            return new GridSearch(() -> walk.stream().flatMap(i -> java.util.stream.StreamSupport.stream(i.spliterator(), false)).iterator());
        }
        var maker = SEARCHES.get(name);
        if (maker == null) throw new IllegalArgumentException("unknown strategy `" + name + "`; use one of " + String.join(", ", NAMES));
        SearchStrategy strategy = maker.make(space, seed, advice);
        return pinned.isEmpty() ? strategy : new PinnedFirst(first, strategy);
    }

    private static List<Config> shuffled(List<Config> configs, RandomGenerator random) {
        var out = new ArrayList<>(configs);
        java.util.Collections.shuffle(out, random);
        return out;
    }
}
