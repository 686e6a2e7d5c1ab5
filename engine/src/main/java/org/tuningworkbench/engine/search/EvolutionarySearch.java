package org.tuningworkbench.engine.search;

import io.jenetics.Alterer;
import io.jenetics.Chromosome;
import io.jenetics.Genotype;
import io.jenetics.IntegerChromosome;
import io.jenetics.IntegerGene;
import io.jenetics.Mutator;
import io.jenetics.MutatorResult;
import io.jenetics.Optimize;
import io.jenetics.Phenotype;
import io.jenetics.Selector;
import io.jenetics.TournamentSelector;
import io.jenetics.UniformCrossover;
import io.jenetics.util.ISeq;
import io.jenetics.util.RandomRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * A steady-state genetic algorithm on Jenetics' operators. A config is a genotype of one integer
 * gene per parameter, the position of its value, all in one chromosome so that crossover mixes
 * every parameter (Jenetics crosses one chromosome at a time). After a few random configs, every ask breeds
 * children of the fastest configs told so far (tournament selection, uniform crossover, mutation);
 * a child outside the space, or seen before, is replaced by an unseen valid neighbour, or else by a
 * random valid config.
 *
 * <p>Jenetics' own engine evaluates a whole generation through a fitness function; our loop asks
 * and tells instead, so the selector and alterers are called directly, once per ask, and every
 * draw comes from this search's seeded generator through {@link RandomRegistry#with}.
 */
public final class EvolutionarySearch implements SearchStrategy {

    /** Random configs before breeding starts: enough parents to keep some variety. */
    static final int INITIAL = 10;
    /** With priors, how many of the first population are random all the same. */
    static final int RANDOM_AMONG_ADVISED = 3;
    /** The parents are drawn from this many of the fastest configs told (an elitist pool). */
    static final int POOL = 12;
    /** How often a mutation steps to a next value rather than any value: kernel parameters are mostly ordered. */
    static final double STEP = 0.3;

    private final SearchSpace space;
    private final RandomGenerator random;
    private final Proposals proposals = new Proposals();
    /**
     * The {@link #POOL} fastest successful results as phenotypes, fitness the latency (lower is better),
     * fastest first and in the order told among equals: kept as results come, so an ask does not sort
     * every result told (a replay of a whole recorded space asks thousands of times).
     */
    private final List<Phenotype<IntegerGene, Double>> fastest = new ArrayList<>();
    private final Selector<IntegerGene, Double> selector = new TournamentSelector<>(3);
    private final Alterer<IntegerGene, Double> alterer;
    /** How many values each parameter has; a chromosome's genes share one range, {@code [0, range)}. */
    private final int[] sizes;
    private final int range;
    private long generation;

    /** What priors say of the space, and the configs of the first population taken on their word. */
    private final PriorAdvice advice;
    private final Set<String> advised = new HashSet<>();

    public EvolutionarySearch(SearchSpace space, long seed) {
        this(space, seed, PriorAdvice.NONE);
    }

    /** With priors, the first population is their best configs, but for a few random ones that keep variety. */
    public EvolutionarySearch(SearchSpace space, long seed, PriorAdvice advice) {
        this.space = space;
        this.advice = advice;
        this.random = Seeds.generator(seed, "evolutionary");
        this.sizes = space.parameters().stream().mapToInt(Parameter::size).toArray();
        this.range = Arrays.stream(sizes).max().orElse(1);
        int varying = Math.max(1, (int) Arrays.stream(sizes).filter(s -> s > 1).count());
        // About one parameter changed per child by mutation, on top of what crossover mixes.
        this.alterer = Alterer.of(new UniformCrossover<>(0.5, 0.5), new ValueMutator(1.0 / varying));
    }

    @Override
    public String name() {
        return "evolutionary";
    }

    @Override
    public List<Config> ask(int n) {
        var out = new ArrayList<Config>();
        if (proposals.seenCount() >= space.size()) return out;
        // Random until INITIAL configs were proposed (told or not) and two results can be bred.
        if (proposals.seenCount() < INITIAL || fastest.size() < 2) {
            while (out.size() < n) {
                Optional<Config> c = advised.size() < INITIAL - RANDOM_AMONG_ADVISED ? advice.next(proposals, advised.size()) : Optional.empty();
                if (c.isPresent()) {
                    advised.add(c.get().key());
                    out.add(c.get());
                    continue;
                }
                c = randomUnseen();
                if (c.isEmpty()) break;
                out.add(c.get());
            }
            return out;
        }
        ISeq<Phenotype<IntegerGene, Double>> parents = ISeq.of(fastest);
        int broods = 0;
        while (out.size() < n && broods++ < 100) {
            generation++;
            // An even count, so every child has a partner for crossover.
            int count = Math.max(2, n - out.size() + (n - out.size()) % 2);
            ISeq<Phenotype<IntegerGene, Double>> children = RandomRegistry.with(random).call(() -> {
                var selected = selector.select(parents, count, Optimize.MINIMUM);
                return alterer.alter(selected, generation).population();
            });
            for (var child : children) {
                if (out.size() == n) break;
                Optional<Config> c = repaired(decode(child.genotype()));
                if (c.isEmpty()) return out;
                out.add(c.get());
            }
        }
        return out;
    }

    @Override
    public boolean advised(Config config) {
        return advised.contains(config.key());
    }

    @Override
    public void tell(Observation observation) {
        proposals.tell(observation);
        if (observation.ok()) {
            space.positions(observation.config()).ifPresent(p ->
                    keepFastest(fastest, Phenotype.of(encode(p), generation, observation.latencyUs().getAsDouble()), Phenotype::fitness, POOL));
        }
    }

    /**
     * Puts {@code item} into {@code pool} (at most {@code size} items, lowest {@code fitness} first) if it
     * is among the {@code size} lowest, after the items of equal fitness: the pool is always the first
     * {@code size} of all items offered, stably sorted by fitness.
     */
    static <T> void keepFastest(List<T> pool, T item, java.util.function.ToDoubleFunction<T> fitness, int size) {
        double f = fitness.applyAsDouble(item);
        int at = pool.size();
        while (at > 0 && fitness.applyAsDouble(pool.get(at - 1)) > f) at--;
        if (at >= size) return;
        pool.add(at, item);
        if (pool.size() > size) pool.removeLast();
    }

    /** {@code config} if it is valid and unseen, otherwise an unseen valid neighbour, otherwise a random valid config; each marked proposed. */
    private Optional<Config> repaired(Config config) {
        if (space.contains(config) && proposals.propose(config)) return Optional.of(config);
        List<Config> near = new ArrayList<>(space.neighbours(config).stream().filter(c -> !proposals.seen(c)).toList());
        if (!near.isEmpty()) {
            Config c = near.get(random.nextInt(near.size()));
            proposals.propose(c);
            return Optional.of(c);
        }
        return randomUnseen();
    }

    private Optional<Config> randomUnseen() {
        return Proposals.randomUnseen(space, random, proposals);
    }

    /** One gene per parameter, ranging over the positions of its values. */
    private Genotype<IntegerGene> encode(int[] positions) {
        var genes = new ArrayList<IntegerGene>();
        for (int position : positions) genes.add(IntegerGene.of(position, 0, range));
        return Genotype.of(IntegerChromosome.of(genes));
    }

    private Config decode(Genotype<IntegerGene> genotype) {
        int[] positions = ((IntegerChromosome) genotype.chromosome()).toArray();
        return space.at(positions);
    }

    /**
     * Jenetics' mutator, with a mutated gene drawn from its own parameter's positions: the genes
     * share the chromosome's range, which is the largest parameter's.
     */
    private final class ValueMutator extends Mutator<IntegerGene, Double> {

        ValueMutator(double probability) {
            super(probability);
        }

        @Override
        protected MutatorResult<Chromosome<IntegerGene>> mutate(Chromosome<IntegerGene> chromosome, double p, RandomGenerator random) {
            var genes = new ArrayList<IntegerGene>();
            int mutations = 0;
            for (int i = 0; i < chromosome.length(); i++) {
                IntegerGene gene = chromosome.get(i);
                if (random.nextDouble() < p) {
                    int to = random.nextDouble() < STEP ? Math.clamp(gene.allele() + (random.nextBoolean() ? 1 : -1), 0, sizes[i] - 1)
                            : random.nextInt(sizes[i]);
                    gene = IntegerGene.of(to, 0, range);
                    mutations++;
                }
                genes.add(gene);
            }
            return new MutatorResult<>(chromosome.newInstance(ISeq.of(genes)), mutations);
        }
    }
}
