package org.tuningworkbench.engine.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.tune.TuneOptions;

/**
 * Replays strategies on recorded spaces and prints the fraction of the optimum each reaches:
 * the goal measurement of issue 8, kept out of the unit suite (it takes minutes). Run with
 * {@code java -cp ... org.tuningworkbench.engine.search.Replay [DIR] [SEEDS] [STRATEGY,...]}.
 */
public final class Replay {

    static final int[] BUDGETS = {20, 50, 100, 200, 400};

    /** One search: the best time found after each trial, and the strategy's own time per suggestion. */
    record Run(double[] bestAfter, double nanosPerSuggestion, double nanosPerSuggestionLate) {
        double fraction(double optimum, int budget) {
            double best = bestAfter[Math.min(budget, bestAfter.length) - 1];
            return Double.isFinite(best) ? optimum / best : 0;
        }
    }

    /**
     * Runs {@code strategy} for {@code budget} trials as the tuning loop does: it keeps
     * {@link TuneOptions#DEFAULT_LOOKAHEAD} configs asked ahead of the measurement and tells each
     * result as it comes. The late time is the mean over the last quarter of the suggestions.
     */
    static Run run(RecordedSpace space, SearchStrategy strategy, int budget) {
        double[] bestAfter = new double[budget];
        var ahead = new ArrayList<Config>();
        double best = Double.POSITIVE_INFINITY;
        long nanos = 0;
        long lateNanos = 0;
        int suggestions = 0;
        int lateSuggestions = 0;
        for (int trial = 0; trial < budget; trial++) {
            int room = Math.min(TuneOptions.DEFAULT_LOOKAHEAD, budget - trial) - ahead.size();
            if (room > 0) {
                long t0 = System.nanoTime();
                List<Config> asked = strategy.ask(room);
                long spent = System.nanoTime() - t0;
                nanos += spent;
                suggestions += asked.size();
                if (trial >= budget * 3 / 4) {
                    lateNanos += spent;
                    lateSuggestions += asked.size();
                }
                ahead.addAll(asked);
            }
            if (ahead.isEmpty()) {
                Arrays.fill(bestAfter, trial, budget, best);
                break;
            }
            Observation o = space.measure(ahead.removeFirst());
            if (o.ok()) best = Math.min(best, o.latencyUs().getAsDouble());
            bestAfter[trial] = best;
            strategy.tell(o);
        }
        return new Run(bestAfter, (double) nanos / Math.max(1, suggestions), (double) lateNanos / Math.max(1, lateSuggestions));
    }

    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "../shared/data/recorded-spaces");
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        List<String> strategies = List.of((args.length > 2 ? args[2] : "random,evolutionary,model").split(","));
        int maxBudget = Integer.getInteger("replay.budget", Arrays.stream(BUDGETS).max().orElseThrow());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".json.gz")).sorted().toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Integer.getInteger("replay.threads", Runtime.getRuntime().availableProcessors()),
                r -> Thread.ofPlatform().daemon().unstarted(r));
        System.out.printf(Locale.ROOT, "%-28s %-13s %s   ms/suggestion (mean, last quarter)%n", "space", "strategy",
                String.join(" ", Arrays.stream(BUDGETS).mapToObj(b -> String.format(Locale.ROOT, "%11s", "@" + b + " med/p10")).toList()));
        for (Path file : files) {
            RecordedSpace space = RecordedSpace.read(file);
            double optimum = space.optimum();
            for (String name : strategies) {
                var futures = new ArrayList<Future<Run>>();
                for (int seed = 1; seed <= seeds; seed++) {
                    long s = seed;
                    futures.add(pool.submit(() -> run(space, Strategies.create(name, space.space(), List.of(), s), maxBudget)));
                }
                var runs = new ArrayList<Run>();
                for (var f : futures) runs.add(f.get());
                var cells = new StringBuilder();
                for (int b : BUDGETS) {
                    if (b > maxBudget) continue;
                    double[] fractions = runs.stream().mapToDouble(r -> r.fraction(optimum, b)).toArray();
                    cells.append(String.format(Locale.ROOT, " %5.3f/%5.3f", quantile(fractions, 0.5), quantile(fractions, 0.1)));
                }
                double ms = runs.stream().mapToDouble(Run::nanosPerSuggestion).average().orElse(0) / 1e6;
                double lateMs = runs.stream().mapToDouble(Run::nanosPerSuggestionLate).average().orElse(0) / 1e6;
                System.out.printf(Locale.ROOT, "%-28s %-13s%s   %.2f, %.2f%n", space.name(), name, cells, ms, lateMs);
            }
        }
        pool.shutdown();
    }
}
