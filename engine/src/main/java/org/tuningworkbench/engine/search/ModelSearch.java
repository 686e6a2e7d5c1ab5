package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.special.Erf;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * Bayesian optimisation: a Gaussian process, trained on the results told so far, predicts the log
 * latency of candidate configs with its uncertainty, and the candidates of highest expected
 * improvement are proposed. The candidates are random valid configs and the neighbours of the
 * fastest few, so the search both explores and refines. The first configs are random.
 *
 * <p>A failed config is left out of the model (a made-up latency would bend it where configs do
 * work) and, like every config proposed or told, is never proposed again. The model is retrained
 * at most once per ask, and only when results came in since.
 */
public final class ModelSearch implements SearchStrategy {

    /** Random configs before the model starts: a model of fewer results guesses more than it knows. */
    static final int INITIAL = 10;
    /** Random configs scored per suggestion, besides the neighbours of the fastest. */
    static final int RANDOM_CANDIDATES = 500;
    /** How many of the fastest configs have their neighbours scored. */
    static final int REFINED = 5;
    /**
     * How often a suggestion is chosen among those neighbours alone: expected improvement over the
     * whole space favours far, uncertain corners, and on kernels the best configs sit close together.
     */
    static final double LOCAL = 0.5;
    /** At most this many results train the model (the fastest half and a spread of the rest): its cost grows as the cube. */
    static final int MAX_TRAINING = 120;
    /**
     * The quantile of the results' log latencies above which the model sees them capped: a config ten
     * times slower than most teaches no more than one merely slow, and the fit spends itself on telling
     * the fast configs apart rather than on the depth of the slow ones.
     */
    static final double CAPPED = 0.75;
    /** The hyperparameters are tuned on at most this many results. */
    static final int TUNING_POINTS = 60;
    /** With priors, how many of the first configs are the priors' best, and how many of their next best are scored as candidates. */
    static final int ADVISED = 5;
    static final int ADVISED_CANDIDATES = 500;
    /** The shrinkage of the priors' slopes in the trend, in results' worth (the scores are standardised). */
    static final double RIDGE = 1;

    private final SearchSpace space;
    private final RandomGenerator random;
    private final Proposals proposals = new Proposals();
    /** Every result told, in order, by config key (a config told twice keeps its latest result). */
    private final Map<String, Observation> told = new LinkedHashMap<>();
    /** The model's features, each of one parameter; parameters with a single value have none. */
    private final List<Feature> features;
    private GaussianProcess model;
    private int modelTold = -1;
    private double[] hyper;
    private int tunedAt;
    /** What priors say of the space, and the configs proposed on their word alone. */
    private final PriorAdvice advice;
    private final Set<String> advised = new HashSet<>();
    /** The trend of the log latency on each prior's score, fitted at each training: intercept, then a slope per prior. */
    private double[] trend = {0};

    public ModelSearch(SearchSpace space, long seed) {
        this(space, seed, PriorAdvice.NONE);
    }

    public ModelSearch(SearchSpace space, long seed, PriorAdvice advice) {
        this.space = space;
        this.advice = advice;
        this.random = Seeds.generator(seed, "model");
        this.features = featuresOf(space.parameters());
    }

    @Override
    public String name() {
        return "model";
    }

    @Override
    public List<Config> ask(int n) {
        var out = new ArrayList<Config>();
        while (out.size() < n && proposals.seenCount() < space.size()) {
            boolean learned = proposals.seenCount() >= INITIAL && told.values().stream().filter(Observation::ok).count() >= 3;
            if (!learned) {
                Optional<Config> c = advised.size() < ADVISED ? advice.next(proposals, advised.size()) : Optional.empty();
                if (c.isPresent()) {
                    advised.add(c.get().key());
                    out.add(c.get());
                    continue;
                }
                c = randomUnseen();
                if (c.isEmpty()) break;
                out.add(c.get());
                continue;
            }
            List<Config> best = bestByExpectedImprovement(n - out.size());
            if (best.isEmpty()) {
                Optional<Config> c = randomUnseen();
                if (c.isEmpty()) break;
                out.add(c.get());
                continue;
            }
            for (Config c : best) {
                proposals.propose(c);
                out.add(c);
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
        if (space.positions(observation.config()).isPresent()) {
            told.remove(observation.config().key());
            told.put(observation.config().key(), observation);
        }
    }

    private List<Config> bestByExpectedImprovement(int n) {
        if (modelTold != told.size()) {
            model = train();
            modelTold = told.size();
        }
        if (model == null) return List.of();
        double bestLog = Math.log(proposals.best().orElseThrow().latencyUs().getAsDouble());
        record Scored(Config config, double ei) {}
        var scored = new ArrayList<Scored>();
        var pending = new ArrayList<double[]>();
        for (Config c : proposals.pending()) pending.add(features(c));
        List<Config> candidates = candidates(random.nextDouble() < LOCAL);
        if (candidates.isEmpty()) candidates = candidates(false);
        for (Config c : candidates) {
            double[] f = features(c);
            double[] mv = model.predict(f);
            double ei = expectedImprovement(trendAt(c) + mv[0], mv[1], bestLog);
            // Configs measured but not yet told shrink the value of their close neighbours, so a batch spreads out.
            for (double[] p : pending) ei *= 1 - model.correlation(f, p);
            scored.add(new Scored(c, ei));
        }
        return scored.stream().sorted(Comparator.comparingDouble(Scored::ei).reversed()).limit(n).map(Scored::config).toList();
    }

    /**
     * The unseen neighbours (one and two steps) of the fastest configs and, unless {@code local}, the
     * priors' best unseen configs and random valid unseen configs; each once.
     */
    private List<Config> candidates(boolean local) {
        var out = new LinkedHashMap<String, Config>();
        var fastest = told.values().stream().filter(Observation::ok)
                .sorted(Comparator.comparingDouble(o -> o.latencyUs().getAsDouble())).limit(REFINED).map(Observation::config).toList();
        for (int i = 0; i < fastest.size(); i++) {
            for (Config near : space.neighbours(fastest.get(i))) {
                if (!proposals.seen(near)) out.putIfAbsent(near.key(), near);
                // Two steps from the very fastest: its one-step neighbours are often all measured.
                if (i == 0) for (Config far : space.neighbours(near)) if (!proposals.seen(far)) out.putIfAbsent(far.key(), far);
            }
        }
        if (!local) {
            int added = 0;
            for (Config c : advice.ranked()) {
                if (added == ADVISED_CANDIDATES) break;
                if (!proposals.seen(c) && out.putIfAbsent(c.key(), c) == null) added++;
            }
        }
        for (int i = 0; i < (local ? 0 : RANDOM_CANDIDATES); i++) {
            Optional<Config> c = space.random(random);
            if (c.isEmpty()) break;
            if (!proposals.seen(c.get())) out.putIfAbsent(c.get().key(), c.get());
        }
        return new ArrayList<>(out.values());
    }

    private GaussianProcess train() {
        var ok = told.values().stream().filter(Observation::ok)
                .sorted(Comparator.comparingDouble(o -> o.latencyUs().getAsDouble())).toList();
        if (ok.size() < 2 || features.isEmpty()) return null;
        var x = new ArrayList<double[]>();
        var y = new ArrayList<Double>();
        var training = spread(ok, MAX_TRAINING);
        for (Observation o : training) {
            x.add(features(o.config()));
            y.add(Math.log(o.latencyUs().getAsDouble()));
        }
        double[][] xs = x.toArray(double[][]::new);
        double[] ys = capped(y.stream().mapToDouble(Double::doubleValue).toArray(), CAPPED);
        // With priors, the process models what their scores leave unexplained: a device faster or slower
        // throughout, or spread wider, shifts the trend; each prior weighs as far as this device agrees with it,
        // and when none does the trend flattens and the search goes on as without them (docs/search.md).
        trend = advice.any() ? trend(training.stream().map(o -> advice.scores(o.config())).toArray(double[][]::new), ys) : new double[] {0};
        for (int i = 0; i < ys.length; i++) ys[i] -= trendAt(training.get(i).config());
        // Tuned at every ask while the results are few, then once they grew by an eighth: the hyperparameters settle.
        if (hyper == null || ok.size() - tunedAt >= (ok.size() <= 40 ? 1 : ok.size() / 8)) {
            // The likelihood is maximised on at most TUNING_POINTS results: it is the costliest step.
            int m = Math.min(xs.length, TUNING_POINTS);
            hyper = GaussianProcess.tune(Arrays.copyOf(xs, m), Arrays.copyOf(ys, m),
                    hyper != null ? hyper : GaussianProcess.initial(features.size()));
            tunedAt = ok.size();
        }
        return GaussianProcess.fit(xs, ys, hyper);
    }

    private double trendAt(Config config) {
        if (trend.length == 1) return trend[0];
        double[] scores = advice.scores(config);
        double t = trend[0];
        for (int i = 0; i < scores.length; i++) t += trend[i + 1] * scores[i];
        return t;
    }

    /** {@code y} with every value above its {@code quantile} (the value at that share of the sorted values, rounded down) lowered to it. */
    static double[] capped(double[] y, double quantile) {
        if (y.length == 0) return y;
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double cap = sorted[(int) Math.floor(quantile * (sorted.length - 1))];
        return Arrays.stream(y).map(v -> Math.min(v, cap)).toArray();
    }

    /**
     * The ridge regression of {@code y} on the priors' scores {@code p} (a row per result, a column per prior):
     * intercept, then a slope per prior. A prior's slope is shrunk as by one result more that it does not explain
     * ({@link #RIDGE}): the priors' scores move together, and with few results plain least squares would weigh one
     * against another on noise.
     */
    static double[] trend(double[][] p, double[] y) {
        int n = y.length;
        int k = n == 0 ? 0 : p[0].length;
        double ym = Arrays.stream(y).average().orElse(0);
        var out = new double[k + 1];
        out[0] = ym;
        if (n < 3 || k == 0) return out;
        double[] pm = new double[k];
        for (double[] row : p) for (int j = 0; j < k; j++) pm[j] += row[j] / n;
        double[][] a = new double[k][k];
        double[] b = new double[k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                double dj = p[i][j] - pm[j];
                b[j] += dj * (y[i] - ym);
                for (int l = 0; l < k; l++) a[j][l] += dj * (p[i][l] - pm[l]);
            }
        }
        for (int j = 0; j < k; j++) a[j][j] += RIDGE;
        double[] slopes = new CholeskyDecomposition(new Array2DRowRealMatrix(a, false)).getSolver().solve(new ArrayRealVector(b, false)).toArray();
        for (int j = 0; j < k; j++) {
            out[j + 1] = slopes[j];
            out[0] -= slopes[j] * pm[j];
        }
        return out;
    }

    /** At most {@code limit} of {@code sorted}: the first half of the limit, then an even spread over the rest. */
    private static <T> List<T> spread(List<T> sorted, int limit) {
        if (sorted.size() <= limit) return sorted;
        int half = limit / 2;
        var out = new ArrayList<T>(sorted.subList(0, half));
        int rest = sorted.size() - half;
        for (int i = 0; i < limit - half; i++) out.add(sorted.get(half + (int) ((long) i * rest / (limit - half))));
        return out;
    }

    /** {@code config} as the model sees it: the value of each of its features. */
    private double[] features(Config config) {
        int[] positions = space.positions(config).orElseThrow(() -> new IllegalArgumentException(config + " is not in the space"));
        double[] out = new double[features.size()];
        for (int i = 0; i < out.length; i++) out[i] = features.get(i).byPosition()[positions[features.get(i).parameter()]];
        return out;
    }

    /** A feature of the parameter at index {@code parameter}: its value in [0, 1] for each of the parameter's values, by position. */
    record Feature(int parameter, double[] byPosition) {}

    /**
     * The features of the parameters that have more than one value. Each such parameter has one in [0, 1]:
     * powers of two by their exponent (a step from 32 to 64 matters as much as one from 4 to 8), other
     * numbers as they are, categories by position. An integer parameter that mixes powers of two with
     * other values has a second, 1 for a power of two: sizes that divide the problem, warps and cache
     * lines run apart from their neighbours (a block of 128 fast, of 96 and 160 three times slower), a
     * jump the first feature's smooth scale cannot learn.
     */
    static List<Feature> featuresOf(List<Parameter> parameters) {
        var out = new ArrayList<Feature>();
        for (int p = 0; p < parameters.size(); p++) {
            Parameter parameter = parameters.get(p);
            if (parameter.size() < 2) continue;
            long[] integers = parameter.kind() == Parameter.Kind.INTEGER ? parameter.values().stream().mapToLong(Long::parseLong).toArray() : new long[0];
            long powers = Arrays.stream(integers).filter(ModelSearch::powerOfTwo).count();
            boolean exponents = parameter.size() > 2 && powers == parameter.size();
            double[] raw = new double[parameter.size()];
            for (int i = 0; i < raw.length; i++) raw[i] = exponents ? Math.log(parameter.number(i)) / Math.log(2) : parameter.number(i);
            out.add(new Feature(p, scaled(raw)));
            if (powers >= 2 && powers < integers.length) {
                double[] aligned = new double[integers.length];
                for (int i = 0; i < aligned.length; i++) aligned[i] = powerOfTwo(integers[i]) ? 1 : 0;
                out.add(new Feature(p, aligned));
            }
        }
        return List.copyOf(out);
    }

    private static boolean powerOfTwo(long v) {
        return v > 0 && Long.bitCount(v) == 1;
    }

    /** {@code raw} mapped linearly onto [0, 1]; all 0 when its values are equal. */
    private static double[] scaled(double[] raw) {
        double low = Arrays.stream(raw).min().orElse(0);
        double high = Arrays.stream(raw).max().orElse(0);
        double[] out = new double[raw.length];
        for (int i = 0; i < raw.length; i++) out[i] = high > low ? (raw[i] - low) / (high - low) : 0;
        return out;
    }

    private Optional<Config> randomUnseen() {
        return Proposals.randomUnseen(space, random, proposals);
    }

    /** How much below {@code best} a prediction of mean {@code mean} and variance {@code variance} is expected to fall. */
    static double expectedImprovement(double mean, double variance, double best) {
        double sd = Math.sqrt(Math.max(variance, 1e-12));
        double gain = best - mean;
        double z = gain / sd;
        double cdf = 0.5 * (1 + Erf.erf(z / Math.sqrt(2)));
        double pdf = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
        return gain * cdf + sd * pdf;
    }
}
