package org.tuningworkbench.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Constraint;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/** Priors: what other devices measured, as advice to the strategies that learn. */
class PriorsTest {

    private static final List<Parameter> PARAMETERS = List.of(
            Parameter.powersOfTwo("BM", 4, 512), Parameter.powersOfTwo("BN", 4, 512),
            Parameter.powersOfTwo("BK", 1, 32), Parameter.powersOfTwo("VW", 1, 8),
            Parameter.of("LAYOUT", List.of("row", "col")));

    /** A bowl in the log of the tile sizes, its best at the given exponents of BM and BN. */
    private static double bowl(Config c, double bestBm, double bestBn) {
        double bm = log2(c, "BM") - bestBm;
        double bn = log2(c, "BN") - bestBn;
        double bk = log2(c, "BK") - 4;
        double vw = log2(c, "VW") - 2;
        double layout = c.values().get("LAYOUT").equals("row") ? 0 : 0.7;
        return 100 * Math.exp(0.08 * bm * bm + 0.08 * bn * bn + 0.05 * bk * bk + 0.1 * vw * vw + 0.03 * bm * bn + layout);
    }

    /** This device's latency. */
    private static double here(Config c) {
        return bowl(c, 6, 5);
    }

    private static double log2(Config c, String name) {
        return Math.log(Double.parseDouble(c.values().get(name))) / Math.log(2);
    }

    private static final SearchSpace FULL = SearchSpace.of(PARAMETERS);

    private static SearchSpace constrained() {
        return SearchSpace.of(PARAMETERS, List.of(Constraint.parse("BM * BK <= 4096", Set.of("BM", "BN", "BK", "VW", "LAYOUT"), Map.of())));
    }

    /** Every config of the full space measured on another device whose latency is {@code latency}. */
    private static Prior prior(String name, ToDoubleFunction<Config> latency) {
        return new Prior(name, FULL.list().stream().map(c -> Observation.ok(c, latency.applyAsDouble(c))).toList());
    }

    @Test
    void adviceRanksTheConfigsOfTheSpaceByWhatThePriorsMeasuredAndCountsTheOnesInIt() {
        SearchSpace space = constrained();
        // Another device three times slower throughout: the same ranking.
        PriorAdvice advice = PriorAdvice.of(space, List.of(prior("slower.json", c -> 3 * here(c))));
        assertThat(advice.used()).containsExactly(new PriorAdvice.Used("slower.json", (int) FULL.size(), (int) space.size()));
        assertThat(advice.ranked()).hasSize((int) space.size()).allMatch(space::contains);
        Config best = space.list().stream().min(Comparator.comparingDouble(PriorsTest::here)).orElseThrow();
        assertThat(advice.ranked().getFirst()).isEqualTo(best);
    }

    @Test
    void aConfigThatFailedInAPriorRanksBehindEveryOneThatWorked() {
        SearchSpace space = SearchSpace.of(PARAMETERS.subList(0, 2));
        List<Config> configs = space.list();
        var observations = new ArrayList<Observation>();
        observations.add(Observation.failed(configs.getFirst()));
        for (Config c : configs.subList(1, configs.size())) observations.add(Observation.ok(c, 1e6 * (1 + c.key().hashCode() % 7 + 7)));
        PriorAdvice advice = PriorAdvice.of(space, List.of(new Prior("p", observations)));
        assertThat(advice.ranked().getLast()).isEqualTo(configs.getFirst());
        assertThat(PriorAdvice.of(space, List.of()).any()).isFalse();
    }

    @Test
    void theLearningStrategiesStartFromThePriorsBestAndSayWhichTheyTookOnTheirWord() {
        SearchSpace space = constrained();
        PriorAdvice advice = PriorAdvice.of(space, List.of(prior("same.json", PriorsTest::here)));
        SearchStrategy model = Strategies.create("model", space, List.of(), 1, Order.SHUFFLED, advice);
        List<Config> first = model.ask(ModelSearch.ADVISED);
        assertThat(first).containsExactlyElementsOf(advice.ranked().subList(0, ModelSearch.ADVISED)).allMatch(model::advised);
        assertThat(model.ask(5)).noneMatch(model::advised);

        SearchStrategy evolutionary = Strategies.create("evolutionary", space, List.of(), 1, Order.SHUFFLED, advice);
        int taken = EvolutionarySearch.INITIAL - EvolutionarySearch.RANDOM_AMONG_ADVISED;
        assertThat(evolutionary.ask(taken)).containsExactlyElementsOf(advice.ranked().subList(0, taken)).allMatch(evolutionary::advised);
        assertThat(Strategies.create("random", space, List.of(), 1, Order.SHUFFLED, advice).advised(first.getFirst())).isFalse();
    }

    @Test
    void aPriorFromADeviceThatAgreesFindsTheBestSooner() {
        // The other device's best is one step away in BM, and it is twice as fast.
        PriorAdvice advice = PriorAdvice.of(FULL, List.of(prior("near.json", c -> bowl(c, 7, 5) / 2)));
        double[] with = fractions(advice, 15);
        double[] without = fractions(PriorAdvice.NONE, 15);
        assertThat(median(with)).isGreaterThan(0.95).isGreaterThan(median(without) + 0.05);
    }

    @Test
    void aPriorThatDisagreesDoesNotLeaveTheModelWorseThanWithout() {
        // The other device ranks the configs the other way round: its best are this device's slowest.
        PriorAdvice advice = PriorAdvice.of(FULL, List.of(prior("inverted.json", c -> 1e6 / here(c))));
        double[] with = fractions(advice, 50);
        double[] without = fractions(PriorAdvice.NONE, 50);
        assertThat(median(with)).isGreaterThanOrEqualTo(median(without));
    }

    @Test
    void aPriorWhoseBestIsADecoyBasinHereDoesNotLeaveTheModelWorseThanWithout() {
        // The other device's best (small BM, large BN) is a basin of its own here too, but one at 0.7 of this
        // device's optimum: the priors' configs look good here, and the model must still look beyond them.
        PriorAdvice advice = PriorAdvice.of(FULL, List.of(prior("decoy.json", c -> bowl(c, 2, 8))));
        double[] with = fractions(advice, 25, PriorsTest::decoyed);
        double[] without = fractions(PriorAdvice.NONE, 25, PriorsTest::decoyed);
        assertThat(median(with)).isGreaterThanOrEqualTo(median(without));
    }

    @Test
    void priorsThatDisagreeEachHaveTheirBestMeasuredFirst() {
        Prior near = prior("near.json", c -> bowl(c, 7, 5));
        Prior far = prior("far.json", c -> bowl(c, 2, 8));
        PriorAdvice advice = PriorAdvice.of(FULL, List.of(near, far));
        List<Config> first = Strategies.create("model", FULL, List.of(), 1, Order.SHUFFLED, advice).ask(ModelSearch.ADVISED);
        assertThat(first).contains(best(near), best(far));
    }

    @Test
    void theTrendWeighsEachPriorAsFarAsThisDeviceAgreesWithIt() {
        // This device's log latency is twice the first prior's score plus 1; the second prior's score is unrelated.
        double[][] scores = new double[40][];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            double agrees = Math.sin(i * 0.7);
            scores[i] = new double[] {agrees, Math.cos(i * 2.3)};
            y[i] = 1 + 2 * agrees;
        }
        double[] trend = ModelSearch.trend(scores, y);
        assertThat(trend[1]).isCloseTo(2, Offset.offset(0.1));
        assertThat(trend[2]).isCloseTo(0, Offset.offset(0.05));
        assertThat(trend[0]).isCloseTo(1, Offset.offset(0.05));
        // Too few results to weigh anything: flat at their mean.
        assertThat(ModelSearch.trend(new double[][] {{1, 0}, {0, 1}}, new double[] {3, 5})).containsExactly(4, 0, 0);
    }

    private static Config best(Prior prior) {
        return prior.observations().stream().min(Comparator.comparingDouble(o -> o.latencyUs().getAsDouble())).orElseThrow().config();
    }

    /** This device with a second, lesser basin where the decoy prior has its best. */
    private static double decoyed(Config c) {
        return Math.min(here(c), bowl(c, 2, 8) / 0.7);
    }

    private static double[] fractions(PriorAdvice advice, int trials) {
        return fractions(advice, trials, PriorsTest::here);
    }

    /** Per seed 1..5, the optimum over the best latency a model search found in {@code trials} trials, told one by one. */
    private static double[] fractions(PriorAdvice advice, int trials, ToDoubleFunction<Config> here) {
        double optimum = FULL.list().stream().mapToDouble(here).min().orElseThrow();
        double[] out = new double[5];
        for (int seed = 1; seed <= 5; seed++) {
            SearchStrategy s = Strategies.create("model", FULL, List.of(), seed, Order.SHUFFLED, advice);
            double best = Double.MAX_VALUE;
            for (int t = 0; t < trials; t++) {
                Config c = s.ask(1).getFirst();
                best = Math.min(best, here.applyAsDouble(c));
                s.tell(Observation.ok(c, here.applyAsDouble(c)));
            }
            out[seed - 1] = optimum / best;
        }
        return out;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
