package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * What priors say about the configs of one space: per prior, each config's standardised log latency
 * there (lower is faster; a config that failed there scores as slower than any that worked), and
 * their mean over the priors that measured it. Scores are comparable across devices whose latencies
 * differ by a constant factor or spread, which is all a strategy may assume of another device.
 */
public final class PriorAdvice {

    /** What a config that failed in a prior scores: beyond the slowest of nearly every device's results. */
    static final double FAILED = 3.0;

    /** No advice: no prior, or none measured a config of the space. */
    public static final PriorAdvice NONE = new PriorAdvice(List.of(), Map.of(), List.of(), List.of(), List.of());

    /** How many configs of a prior are in the space, by prior name, in the order given. */
    private final List<Used> used;
    private final Map<String, Double> score;
    /** The configs of the space the priors measured, best score first. */
    private final List<Config> ranked;
    /** Each prior's standardised log latency by config key, for the priors that scored any. */
    private final List<Map<String, Double>> byPrior;
    /** Each prior's configs of the space, best first. */
    private final List<List<Config>> rankedByPrior;

    /** How many of a prior's configs are in the space searched ({@code inSpace}) of how many it holds. */
    public record Used(String prior, int configs, int inSpace) {}

    private PriorAdvice(List<Used> used, Map<String, Double> score, List<Config> ranked, List<Map<String, Double>> byPrior,
                        List<List<Config>> rankedByPrior) {
        this.used = used;
        this.score = score;
        this.ranked = ranked;
        this.byPrior = byPrior;
        this.rankedByPrior = rankedByPrior;
    }

    /** The advice of {@code priors} for {@code space}: configs outside the space are left out. */
    public static PriorAdvice of(SearchSpace space, List<Prior> priors) {
        if (priors.isEmpty()) return NONE;
        var used = new ArrayList<Used>();
        var sums = new HashMap<String, double[]>();
        var configs = new HashMap<String, Config>();
        var byPrior = new ArrayList<Map<String, Double>>();
        for (Prior prior : priors) {
            var inSpace = new ArrayList<Observation>();
            for (Observation o : prior.observations()) {
                if (!space.contains(o.config())) continue;
                configs.putIfAbsent(o.config().key(), o.config());
                inSpace.add(o);
            }
            used.add(new Used(prior.name(), prior.observations().size(), inSpace.size()));
            double[] logs = inSpace.stream().filter(Observation::ok).mapToDouble(o -> Math.log(o.latencyUs().getAsDouble())).toArray();
            if (logs.length < 2) continue;
            double mean = 0;
            for (double v : logs) mean += v;
            mean /= logs.length;
            double var = 0;
            for (double v : logs) var += (v - mean) * (v - mean);
            double sd = Math.sqrt(var / logs.length);
            if (sd < 1e-12) continue;
            var mine = new HashMap<String, Double>();
            byPrior.add(mine);
            for (Observation o : inSpace) {
                double z = o.ok() ? (Math.log(o.latencyUs().getAsDouble()) - mean) / sd : FAILED;
                mine.put(o.config().key(), z);
                double[] s = sums.computeIfAbsent(o.config().key(), k -> new double[2]);
                s[0] += z;
                s[1]++;
            }
        }
        var score = new HashMap<String, Double>();
        sums.forEach((key, s) -> score.put(key, s[0] / s[1]));
        List<List<Config>> rankedByPrior = byPrior.stream().map(mine -> bestFirst(mine, configs)).toList();
        return new PriorAdvice(List.copyOf(used), score, bestFirst(score, configs), List.copyOf(byPrior), rankedByPrior);
    }

    /** The configs {@code scores} scores, best (lowest) first; of two alike, by key, so that advice does not hang on map order. */
    private static List<Config> bestFirst(Map<String, Double> scores, Map<String, Config> configs) {
        return scores.keySet().stream().map(configs::get)
                .sorted(Comparator.comparingDouble((Config c) -> scores.get(c.key())).thenComparing(Config::key)).toList();
    }

    /** Whether any prior said anything of this space. */
    public boolean any() {
        return !ranked.isEmpty();
    }

    /** Per prior, how many of its configs are in the space. */
    public List<Used> used() {
        return used;
    }

    /** The configs the priors measured, best first. */
    public List<Config> ranked() {
        return ranked;
    }

    /**
     * The {@code turn}-th config advised, now marked proposed: the best by the priors' mean score and each prior's own
     * best, by turns (mean, first prior, mean, second prior, ...), so that the priors' consensus leads and priors that
     * disagree each have their say (a mean of two devices that differ favours configs second best on both); empty when
     * the priors measured nothing left.
     */
    Optional<Config> next(Proposals proposals, int turn) {
        List<Config> order = turn % 2 == 0 || rankedByPrior.size() < 2 ? ranked : rankedByPrior.get(turn / 2 % rankedByPrior.size());
        for (Config c : order) if (proposals.propose(c)) return Optional.of(c);
        for (Config c : ranked) if (proposals.propose(c)) return Optional.of(c);
        return Optional.empty();
    }

    /**
     * Each prior's score of {@code config} (lower is faster); where a prior did not measure it, the mean of those
     * that did, and 0 (their average config) where none did.
     */
    double[] scores(Config config) {
        double mean = score.getOrDefault(config.key(), 0.0);
        double[] out = new double[byPrior.size()];
        for (int i = 0; i < out.length; i++) out[i] = byPrior.get(i).getOrDefault(config.key(), mean);
        return out;
    }
}
