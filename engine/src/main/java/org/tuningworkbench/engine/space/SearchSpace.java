package org.tuningworkbench.engine.space;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.tuningworkbench.engine.marker.Config;

/**
 * Every combination of the parameters' values that the constraints allow. Nothing is expanded up
 * front: a point is a mixed-radix index (the first parameter varies slowest, as nested loops written
 * in the same order would), so a space of 10^9 combinations costs nothing until points are asked for.
 *
 * <p>A space may also be a list of allowed configs (a recorded space), in which case the
 * combinations outside the list are not in it.
 */
public final class SearchSpace {

    /** Up to this many combinations the valid ones are counted exactly; beyond it they are estimated. */
    private static final long EXACT_COUNT_LIMIT = 2_000_000;

    private final List<Parameter> parameters;
    private final List<Constraint> constraints;
    private final Predicate<Config> membership;
    private final long combinations;
    private volatile List<Config> validList;
    private volatile Long validCount;

    private SearchSpace(List<Parameter> parameters, List<Constraint> constraints, Predicate<Config> membership) {
        this.parameters = List.copyOf(parameters);
        this.constraints = List.copyOf(constraints);
        this.membership = membership;
        Set<String> names = new HashSet<>();
        long n = parameters.isEmpty() ? 0 : 1;
        for (Parameter p : parameters) {
            if (!names.add(p.name())) throw new IllegalArgumentException("parameter `" + p.name() + "` is given twice");
            n = Math.multiplyExact(n, p.size());
        }
        this.combinations = n;
    }

    /** A space of every combination of {@code parameters} that satisfies every constraint. */
    public static SearchSpace of(List<Parameter> parameters, List<Constraint> constraints) {
        return new SearchSpace(parameters, constraints, c -> true);
    }

    public static SearchSpace of(List<Parameter> parameters) {
        return of(parameters, List.of());
    }

    /** A space of value lists as text, each parameter's kind read off its values; repeated values count once. */
    public static SearchSpace ofTexts(Map<String, List<String>> values) {
        var parameters = new ArrayList<Parameter>();
        values.forEach((name, list) -> parameters.add(Parameter.of(name, list.stream().distinct().toList())));
        return of(parameters);
    }

    /** Every valid config, in order, as a list. */
    public List<Config> list() {
        var out = new ArrayList<Config>();
        valid().forEach(out::add);
        return out;
    }

    /** A space holding exactly {@code configs} (in that order), whose parameters are {@code parameters}. */
    public static SearchSpace listed(List<Parameter> parameters, List<Config> configs) {
        Set<String> keys = new HashSet<>();
        configs.forEach(c -> keys.add(c.key()));
        var space = new SearchSpace(parameters, List.of(), c -> keys.contains(c.key()));
        space.validList = List.copyOf(configs);
        space.validCount = (long) configs.size();
        return space;
    }

    public List<Parameter> parameters() {
        return parameters;
    }

    public List<Constraint> constraints() {
        return constraints;
    }

    public Optional<Parameter> parameter(String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** How many combinations the parameters give, before constraints. */
    public long combinations() {
        return combinations;
    }

    /** Whether the number of valid configs is known exactly (see {@link #size()}). */
    public boolean sizeExact() {
        return validList != null || combinations <= EXACT_COUNT_LIMIT;
    }

    /**
     * How many configs the constraints allow: counted when the space has at most two million
     * combinations, otherwise estimated from a seeded sample of 20,000.
     */
    public long size() {
        Long known = validCount;
        if (known != null) return known;
        long n;
        if (combinations <= EXACT_COUNT_LIMIT) {
            n = 0;
            for (long i = 0; i < combinations; i++) if (allows(at(i))) n++;
        } else {
            var random = RandomGenerator.of("L64X128MixRandom");
            int hits = 0;
            int samples = 20_000;
            for (int i = 0; i < samples; i++) if (allows(at(random.nextLong(combinations)))) hits++;
            n = Math.round((double) combinations * hits / samples);
        }
        validCount = n;
        return n;
    }

    /** The combination at {@code index} (0 ≤ index < {@link #combinations()}), valid or not. */
    public Config at(long index) {
        var values = new LinkedHashMap<String, String>();
        long rest = index;
        String[] chosen = new String[parameters.size()];
        for (int p = parameters.size() - 1; p >= 0; p--) {
            Parameter parameter = parameters.get(p);
            chosen[p] = parameter.values().get((int) (rest % parameter.size()));
            rest /= parameter.size();
        }
        for (int p = 0; p < parameters.size(); p++) values.put(parameters.get(p).name(), chosen[p]);
        return new Config(values);
    }

    /** The combination of the given value positions, one per parameter. */
    public Config at(int[] positions) {
        var values = new LinkedHashMap<String, String>();
        for (int p = 0; p < parameters.size(); p++) values.put(parameters.get(p).name(), parameters.get(p).values().get(positions[p]));
        return new Config(values);
    }

    /** The value positions of {@code config}, or empty when one of its values is not in the space. */
    public Optional<int[]> positions(Config config) {
        int[] out = new int[parameters.size()];
        for (int p = 0; p < parameters.size(); p++) {
            String value = config.values().get(parameters.get(p).name());
            int i = value == null ? -1 : parameters.get(p).indexOf(value);
            if (i < 0) return Optional.empty();
            out[p] = i;
        }
        return Optional.of(out);
    }

    /** Whether {@code config} sets every parameter to one of its values and satisfies the constraints. */
    public boolean contains(Config config) {
        return positions(config).isPresent() && config.values().size() == parameters.size() && allows(config);
    }

    private boolean allows(Config config) {
        for (Constraint c : constraints) if (!c.allows(config.values())) return false;
        return membership.test(config);
    }

    /** The constraints {@code config} breaks, by their text. */
    public List<String> broken(Config config) {
        return constraints.stream().filter(c -> !c.allows(config.values())).map(Constraint::toString).toList();
    }

    /** Every valid config in order, produced one at a time as the iteration goes. */
    public Iterable<Config> valid() {
        List<Config> list = validList;
        if (list != null) return list;
        return () -> new Iterator<>() {
            long next = advance(0);

            private long advance(long from) {
                long i = from;
                while (i < combinations && !allows(at(i))) i++;
                return i;
            }

            @Override
            public boolean hasNext() {
                return next < combinations;
            }

            @Override
            public Config next() {
                if (!hasNext()) throw new NoSuchElementException();
                Config c = at(next);
                next = advance(next + 1);
                return c;
            }
        };
    }

    /**
     * Every valid config once, in a random order drawn from {@code random} as the iteration goes:
     * the first few cost little whatever the space's size.
     */
    public Iterable<Config> shuffled(RandomGenerator random) {
        List<Config> list = validList;
        if (list != null) {
            return () -> new Iterator<>() {
                final Permutation order = new Permutation(list.size(), random);

                @Override
                public boolean hasNext() {
                    return order.hasNext();
                }

                @Override
                public Config next() {
                    return list.get((int) order.nextLong());
                }
            };
        }
        return () -> new Iterator<>() {
            final Permutation order = new Permutation(combinations, random);
            Config next = advance();

            private Config advance() {
                while (order.hasNext()) {
                    Config c = at(order.nextLong());
                    if (allows(c)) return c;
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Config next() {
                if (next == null) throw new NoSuchElementException();
                Config c = next;
                next = advance();
                return c;
            }
        };
    }

    /**
     * Every valid config as a list, when the space is small enough to hold (at most {@code limit}
     * combinations); empty otherwise.
     */
    public Optional<List<Config>> validList(long limit) {
        List<Config> list = validList;
        if (list != null) return Optional.of(list);
        if (combinations > limit) return Optional.empty();
        var out = new ArrayList<Config>();
        valid().forEach(out::add);
        validList = Collections.unmodifiableList(out);
        validCount = (long) out.size();
        return Optional.of(validList);
    }

    /**
     * A valid config drawn uniformly at random, or empty when none was found: drawn from the list
     * of valid configs when it is known, otherwise by rejection (up to 10,000 draws).
     */
    public Optional<Config> random(RandomGenerator random) {
        List<Config> list = validList;
        if (list == null && combinations <= 200_000) list = validList(200_000).orElse(null);
        if (list != null) return list.isEmpty() ? Optional.empty() : Optional.of(list.get(random.nextInt(list.size())));
        for (int i = 0; i < 10_000; i++) {
            Config c = at(random.nextLong(combinations));
            if (allows(c)) return Optional.of(c);
        }
        return Optional.empty();
    }

    /** The valid configs that differ from {@code config} in one parameter, by one step of its value list. */
    public List<Config> neighbours(Config config) {
        var out = new ArrayList<Config>();
        positions(config).ifPresent(pos -> {
            for (int p = 0; p < parameters.size(); p++) {
                for (int step : new int[] {-1, 1}) {
                    int moved = pos[p] + step;
                    if (moved < 0 || moved >= parameters.get(p).size()) continue;
                    int[] next = pos.clone();
                    next[p] = moved;
                    Config c = at(next);
                    if (allows(c)) out.add(c);
                }
            }
        });
        return out;
    }

    /** {@code config} as numbers for a model, one per parameter (see {@link Parameter#number}). */
    public double[] features(Config config) {
        double[] out = new double[parameters.size()];
        int[] pos = positions(config).orElseThrow(() -> new IllegalArgumentException(config + " is not in the space"));
        for (int p = 0; p < out.length; p++) out[p] = parameters.get(p).number(pos[p]);
        return out;
    }

    /** {@code 4,096 configs (16,384 combinations; 3 constraints)} */
    public String describe() {
        String count = String.format(java.util.Locale.ROOT, "%,d", size());
        String configs = (sizeExact() ? "" : "about ") + count + (size() == 1 ? " config" : " configs");
        if (constraints.isEmpty() && (validList == null || size() == combinations)) return configs;
        return configs + String.format(java.util.Locale.ROOT, " (%,d combinations", combinations)
                + (constraints.isEmpty() ? "" : "; " + constraints.size() + (constraints.size() == 1 ? " constraint" : " constraints")) + ")";
    }
}
