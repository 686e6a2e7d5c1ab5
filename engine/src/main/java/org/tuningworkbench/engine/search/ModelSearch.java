package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;
import org.apache.commons.math3.linear.NonSymmetricMatrixException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;
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
    /** The hyperparameters are tuned on at most this many results, with at most this many likelihood evaluations. */
    static final int TUNING_POINTS = 60;
    static final int TUNING_EVALUATIONS = 80;

    private final SearchSpace space;
    private final RandomGenerator random;
    private final Proposals proposals = new Proposals();
    /** Every result told, in order, by config key (a config told twice keeps its latest result). */
    private final Map<String, Observation> told = new LinkedHashMap<>();
    /** Each parameter's values as features, by position. */
    private final double[][] feature;
    /** The parameters with more than one value: the only ones the model sees. */
    private final int[] varying;
    private GaussianProcess model;
    private int modelTold = -1;
    private double[] hyper;
    private int tunedAt;

    public ModelSearch(SearchSpace space, long seed) {
        this.space = space;
        this.random = Seeds.generator(seed, "model");
        this.feature = featureTable(space.parameters());
        this.varying = IntStream.range(0, feature.length).filter(p -> space.parameters().get(p).size() > 1).toArray();
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
                Optional<Config> c = randomUnseen();
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
        record Scored(Config config, double ei) {}
        var scored = new ArrayList<Scored>();
        var pending = new ArrayList<double[]>();
        for (Config c : proposals.pending()) pending.add(features(c));
        List<Config> candidates = candidates(random.nextDouble() < LOCAL);
        if (candidates.isEmpty()) candidates = candidates(false);
        for (Config c : candidates) {
            double[] f = features(c);
            double[] mv = model.predict(f);
            double ei = expectedImprovement(mv[0], mv[1], model.best);
            // Configs measured but not yet told shrink the value of their close neighbours, so a batch spreads out.
            for (double[] p : pending) ei *= 1 - model.correlation(f, p);
            scored.add(new Scored(c, ei));
        }
        return scored.stream().sorted(Comparator.comparingDouble(Scored::ei).reversed()).limit(n).map(Scored::config).toList();
    }

    /**
     * The unseen neighbours (one and two steps) of the fastest configs and, unless {@code local},
     * random valid unseen configs; each once.
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
        if (ok.size() < 2 || varying.length == 0) return null;
        var x = new ArrayList<double[]>();
        var y = new ArrayList<Double>();
        for (Observation o : spread(ok, MAX_TRAINING)) {
            x.add(features(o.config()));
            y.add(Math.log(o.latencyUs().getAsDouble()));
        }
        double[][] xs = x.toArray(double[][]::new);
        double[] ys = y.stream().mapToDouble(Double::doubleValue).toArray();
        // Tuned at every ask while the results are few, then once they grew by an eighth: the hyperparameters settle.
        if (hyper == null || ok.size() - tunedAt >= (ok.size() <= 40 ? 1 : ok.size() / 8)) {
            // The likelihood is maximised on at most TUNING_POINTS results: it is the costliest step.
            int m = Math.min(xs.length, TUNING_POINTS);
            hyper = GaussianProcess.tune(Arrays.copyOf(xs, m), Arrays.copyOf(ys, m),
                    hyper != null ? hyper : GaussianProcess.initial(varying.length));
            tunedAt = ok.size();
        }
        return GaussianProcess.fit(xs, ys, Math.log(ok.getFirst().latencyUs().getAsDouble()), hyper);
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

    /** {@code config} as features, one per parameter that has more than one value. */
    private double[] features(Config config) {
        int[] positions = space.positions(config).orElseThrow(() -> new IllegalArgumentException(config + " is not in the space"));
        double[] out = new double[varying.length];
        for (int i = 0; i < varying.length; i++) out[i] = feature[varying[i]][positions[varying[i]]];
        return out;
    }

    /**
     * Each parameter's values as features in [0, 1]: powers of two by their exponent (a step from
     * 32 to 64 matters as much as one from 4 to 8), other numbers as they are, categories by position.
     * A parameter with a single value maps to 0.
     */
    private static double[][] featureTable(List<Parameter> parameters) {
        double[][] out = new double[parameters.size()][];
        for (int p = 0; p < parameters.size(); p++) {
            Parameter parameter = parameters.get(p);
            boolean pow2 = parameter.kind() == Parameter.Kind.INTEGER && parameter.size() > 2
                    && parameter.values().stream().mapToLong(Long::parseLong).allMatch(v -> v > 0 && Long.bitCount(v) == 1);
            double[] raw = new double[parameter.size()];
            for (int i = 0; i < raw.length; i++) raw[i] = pow2 ? Math.log(parameter.number(i)) / Math.log(2) : parameter.number(i);
            double low = Arrays.stream(raw).min().orElse(0);
            double high = Arrays.stream(raw).max().orElse(0);
            out[p] = new double[raw.length];
            for (int i = 0; i < raw.length; i++) out[p][i] = high > low ? (raw[i] - low) / (high - low) : 0;
        }
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

    /**
     * A Gaussian process with a Matérn 5/2 kernel over the features, one length scale per feature
     * (so the parameters that matter most weigh most), on standardised targets. Linear algebra and
     * the likelihood's maximisation (BOBYQA) by Commons Math.
     */
    static final class GaussianProcess {

        private final double[][] x;
        private final double[] alpha;
        /** The kernel matrix's Cholesky factor, lower triangle by rows. */
        private final double[][] lower;
        private final double[] lengths;
        private final double variance;
        /** The best observed target, on the standardised scale. */
        final double best;
        /** The hyperparameters: log length scales, then log noise. */
        final double[] hyper;

        private GaussianProcess(double[][] x, double[] alpha, double[][] lower, double[] lengths, double variance, double best,
                                double[] hyper) {
            this.x = x;
            this.alpha = alpha;
            this.lower = lower;
            this.lengths = lengths;
            this.variance = variance;
            this.best = best;
            this.hyper = hyper;
        }

        /** The process through {@code x, y} with hyperparameters {@code hyper}, or null when the kernel matrix is singular. */
        static GaussianProcess fit(double[][] x, double[] y, double bestY, double[] hyper) {
            double[] t = standardised(y);
            Fitted f = Fitted.of(x, t, hyper);
            if (f == null) return null;
            double mean = mean(y);
            double sd = sd(y, mean);
            return new GaussianProcess(x, f.alpha, f.chol.getL().getData(), lengths(hyper), f.variance,
                    (bestY - mean) / sd, hyper);
        }

        /**
         * Hyperparameters that maximise the marginal likelihood of {@code y} at {@code x}, searched
         * from {@code start} within bounds that keep the kernel sensible on [0, 1] features.
         */
        static double[] tune(double[][] x, double[] y, double[] start) {
            double[] t = standardised(y);
            int dim = start.length;
            double[] low = new double[dim];
            double[] high = new double[dim];
            for (int i = 0; i < dim - 1; i++) {
                low[i] = Math.log(0.05);
                high[i] = Math.log(20);
            }
            low[dim - 1] = Math.log(1e-4);
            high[dim - 1] = Math.log(0.5);
            double[] guess = new double[dim];
            for (int i = 0; i < dim; i++) guess[i] = Math.clamp(start[i], low[i] + 1e-6, high[i] - 1e-6);
            var best = new double[][] {guess.clone()};
            var bestValue = new double[] {likelihood(x, t, guess)};
            MultivariateFunction objective = h -> {
                double v = likelihood(x, t, h);
                if (v > bestValue[0]) {
                    bestValue[0] = v;
                    best[0] = h.clone();
                }
                return v;
            };
            try {
                new BOBYQAOptimizer(2 * dim + 1).optimize(new MaxEval(TUNING_EVALUATIONS), new ObjectiveFunction(objective),
                        GoalType.MAXIMIZE, new InitialGuess(guess), new SimpleBounds(low, high));
            } catch (MathIllegalStateException e) {
                // Out of evaluations, or BOBYQA's model stalled: the best point seen so far serves.
            }
            return best[0];
        }

        /** Neutral hyperparameters for {@code features} features: length scale 0.5, noise 1%. */
        static double[] initial(int features) {
            double[] h = new double[features + 1];
            Arrays.fill(h, Math.log(0.5));
            h[features] = Math.log(1e-2);
            return h;
        }

        private static double likelihood(double[][] x, double[] t, double[] hyper) {
            Fitted f = Fitted.of(x, t, hyper);
            if (f == null) return -1e300;
            int n = t.length;
            // The log-likelihood with the signal variance at its optimum.
            return -0.5 * n * Math.log(Math.max(f.variance, 1e-300)) - 0.5 * f.logDeterminant();
        }

        /** The kernel's correlation between two points. */
        double correlation(double[] a, double[] b) {
            return matern(distance(a, b, lengths));
        }

        /** Predicted mean and variance of the standardised target at {@code point}. */
        double[] predict(double[] point) {
            int n = x.length;
            double[] k = new double[n];
            for (int i = 0; i < n; i++) k[i] = matern(distance(point, x[i], lengths));
            double mean = 0;
            for (int i = 0; i < n; i++) mean += k[i] * alpha[i];
            // The variance left is 1 - |L⁻¹k|², with L⁻¹k by forward substitution (cheaper than keeping the inverse).
            double[] v = new double[n];
            double quad = 0;
            for (int i = 0; i < n; i++) {
                double[] row = lower[i];
                double sum = k[i];
                for (int j = 0; j < i; j++) sum -= row[j] * v[j];
                v[i] = sum / row[i];
                quad += v[i] * v[i];
            }
            return new double[] {mean, variance * Math.max(1 - quad, 1e-9)};
        }

        /** A decomposed kernel matrix, the weights it gives the targets, and the signal variance that fits them best. */
        private record Fitted(CholeskyDecomposition chol, double[] alpha, double variance) {

            static Fitted of(double[][] x, double[] t, double[] hyper) {
                int n = x.length;
                double[] lengths = lengths(hyper);
                double noise = Math.exp(hyper[hyper.length - 1]);
                double[][] k = new double[n][n];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < i; j++) k[i][j] = k[j][i] = matern(distance(x[i], x[j], lengths));
                    k[i][i] = 1 + noise;
                }
                CholeskyDecomposition chol;
                try {
                    chol = new CholeskyDecomposition(new Array2DRowRealMatrix(k, false), 1e-10, 1e-12);
                } catch (NonPositiveDefiniteMatrixException | NonSymmetricMatrixException e) {
                    return null;
                }
                double[] alpha = chol.getSolver().solve(new ArrayRealVector(t, false)).toArray();
                double fit = 0;
                for (int i = 0; i < n; i++) fit += t[i] * alpha[i];
                return new Fitted(chol, alpha, fit / n);
            }

            double logDeterminant() {
                double[][] l = chol.getL().getData();
                double sum = 0;
                for (int i = 0; i < l.length; i++) sum += 2 * Math.log(l[i][i]);
                return sum;
            }
        }

        private static double[] lengths(double[] hyper) {
            double[] out = new double[hyper.length - 1];
            for (int i = 0; i < out.length; i++) out[i] = Math.exp(hyper[i]);
            return out;
        }

        private static double[] standardised(double[] y) {
            double mean = mean(y);
            double sd = sd(y, mean);
            double[] t = new double[y.length];
            for (int i = 0; i < y.length; i++) t[i] = (y[i] - mean) / sd;
            return t;
        }

        private static double mean(double[] y) {
            double s = 0;
            for (double v : y) s += v;
            return s / y.length;
        }

        private static double sd(double[] y, double mean) {
            double s = 0;
            for (double v : y) s += (v - mean) * (v - mean);
            double sd = Math.sqrt(s / y.length);
            return sd < 1e-12 ? 1 : sd;
        }

        private static double distance(double[] a, double[] b, double[] lengths) {
            double s = 0;
            for (int i = 0; i < a.length; i++) {
                double d = (a[i] - b[i]) / lengths[i];
                s += d * d;
            }
            return Math.sqrt(s);
        }

        private static double matern(double r) {
            double s = Math.sqrt(5) * r;
            return (1 + s + s * s / 3) * Math.exp(-s);
        }
    }
}
