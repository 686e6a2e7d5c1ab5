package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void clearlySeparatedSamplesAreASignificantDifference() {
        double[] fast = {10.0, 10.2, 9.9, 10.1, 10.0, 10.3, 9.8};
        double[] slow = {20.1, 19.8, 20.4, 20.0, 19.9, 20.2, 20.3};
        Comparison c = Comparison.of(slow, fast);
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.B_FASTER);
        assertThat(c.aFaster()).isFalse();
        assertThat(c.ratio()).isCloseTo(2.0, Offset.offset(0.05));
        assertThat(c.low()).isGreaterThan(1.9);
        assertThat(c.high()).isLessThan(2.1);
        assertThat(c.p()).isLessThan(0.01);
        assertThat(c.sentence("No.1", "No.2")).startsWith("No.2 is 2.01× faster than No.1 (medians; 95% interval").contains("7 and 7 samples");
        assertThat(c.brief()).isEqualTo("2.01× slower (p = 0.00214)");
    }

    @Test
    void overlappingSamplesAreNotDistinguishable() {
        double[] a = {10.0, 10.6, 9.7, 10.4, 9.9, 10.8, 9.6};
        double[] b = {10.2, 9.8, 10.5, 10.1, 9.9, 10.7, 10.3};
        Comparison c = Comparison.of(a, b);
        assertThat(c.low()).isLessThanOrEqualTo(1.0);
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.NOT_DISTINGUISHABLE);
        assertThat(c.sentence("No.1", "No.2")).startsWith("No.1 and No.2 are not distinguishable: ");
    }

    /**
     * Compare once called two configs 11.05× apart (95% interval 10.83–11.07×) "not distinguishable":
     * one side had a single sample, too few for the rank test, and the interval rested on the other
     * side's samples alone. Fewer than three samples a side now support no claim, and say so.
     */
    @Test
    void elevenTimesApartOnOneSampleIsTooFewSamplesNotATie() {
        double[] fast = {1.000, 1.002, 0.998, 1.001, 1.003, 0.999, 1.000};
        double[] slow = {11.05};
        Comparison c = Comparison.of(fast, slow);
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.TOO_FEW_SAMPLES);
        assertThat(c.significant()).isFalse();
        assertThat(c.ratio()).isNaN();
        String said = c.sentence("No.1", "No.2");
        assertThat(said).isEqualTo("No.1 and No.2 cannot be compared: No.2 rests on 1 sample (a claim needs 3 on each side)");
        assertThat(said).doesNotContain("not distinguishable").doesNotContain("×");
        assertThat(c.brief()).isEqualTo("too few samples (1)");
    }

    @Test
    void twoSamplesASideAreTooFewAndAVerifiedCallAloneIsNone() {
        assertThat(Comparison.of(new double[] {1, 1.1}, new double[] {5, 5.2}).verdict()).isEqualTo(Comparison.Verdict.TOO_FEW_SAMPLES);
        assertThat(Comparison.of(new double[] {}, new double[] {5, 5.2, 5.1}).sentence("step 1", "step 2"))
                .isEqualTo("step 1 and step 2 cannot be compared: step 1 rests on no samples (a claim needs 3 on each side)");
    }

    /**
     * The exact test: three samples a side, wholly apart, have p = 0.1 (2 of the 20 orderings), so no difference on them
     * is one the test can see: too few samples, not "not distinguishable", which reads as "alike" beside a 2× gap.
     */
    @Test
    void threeSamplesASideCannotBeSeparatedSoTheyAreTooFewNotATie() {
        Comparison c = Comparison.of(new double[] {1.0, 1.1, 1.2}, new double[] {2.0, 2.1, 2.2});
        assertThat(c.verdict()).isEqualTo(Comparison.Verdict.TOO_FEW_SAMPLES);
        assertThat(c.brief()).isEqualTo("too few samples (3 and 3)");
        assertThat(c.sentence("a", "b")).isEqualTo("a and b cannot be compared: a and b rest on 3 and 3 samples, on which the rank test "
                + "cannot reach p < 0.05 (a claim needs 4 on each side, or 3 against 5)");
        // Four a side, or three against five, can: wholly apart, they are a difference.
        assertThat(Comparison.of(new double[] {1.0, 1.1, 1.2, 1.3}, new double[] {2.0, 2.1, 2.2, 2.3}).verdict()).isEqualTo(Comparison.Verdict.A_FASTER);
        assertThat(Comparison.of(new double[] {1.0, 1.1, 1.2}, new double[] {2.0, 2.1, 2.2, 2.3, 2.4}).verdict()).isEqualTo(Comparison.Verdict.A_FASTER);
        assertThat(Comparison.separable(3, 4)).isFalse();
    }

    @Test
    void theSameSamplesGiveTheSameInterval() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {2, 3, 4, 5, 6};
        assertThat(Comparison.of(a, b)).isEqualTo(Comparison.of(a, b));
    }
}
