package org.tuningworkbench.engine.search;

import java.util.Arrays;
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

/**
 * A Gaussian process with a Matérn 5/2 kernel over the features, one length scale per feature
 * (so the parameters that matter most weigh most), on standardised targets. Linear algebra and
 * the likelihood's maximisation (BOBYQA) by Commons Math.
 */
final class GaussianProcess {

    /** The hyperparameters are tuned with at most this many likelihood evaluations. */
    static final int TUNING_EVALUATIONS = 80;

    private final double[][] x;
    private final double[] alpha;
    /** The kernel matrix's Cholesky factor, lower triangle by rows. */
    private final double[][] lower;
    private final double[] lengths;
    private final double variance;
    /** The targets' mean and standard deviation: the process works on standardised targets, and predicts in the targets' units. */
    private final double mean;
    private final double sd;
    /** The hyperparameters: log length scales, then log noise. */
    final double[] hyper;

    private GaussianProcess(double[][] x, double[] alpha, double[][] lower, double[] lengths, double variance, double mean,
                            double sd, double[] hyper) {
        this.x = x;
        this.alpha = alpha;
        this.lower = lower;
        this.lengths = lengths;
        this.variance = variance;
        this.mean = mean;
        this.sd = sd;
        this.hyper = hyper;
    }

    /** The process through {@code x, y} with hyperparameters {@code hyper}, or null when the kernel matrix is singular. */
    static GaussianProcess fit(double[][] x, double[] y, double[] hyper) {
        double[] t = standardised(y);
        Fitted f = Fitted.of(x, t, hyper);
        if (f == null) return null;
        double mean = mean(y);
        double sd = sd(y, mean);
        return new GaussianProcess(x, f.alpha, f.chol.getL().getData(), lengths(hyper), f.variance, mean, sd, hyper);
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

    /** Predicted mean and variance of the target at {@code point}, in the targets' units. */
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
        return new double[] {this.mean + sd * mean, sd * sd * variance * Math.max(1 - quad, 1e-9)};
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
