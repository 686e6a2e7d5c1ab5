package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Spread;
import org.tuningworkbench.engine.space.Parameter;

class EffectChartTest {

    /** A parameter of {@code n} values, each measured, and failing {@code failed} times at the values {@code failing} picks. */
    static ParameterEffect effect(int n, int failed, java.util.function.IntPredicate failing) {
        var values = new ArrayList<String>();
        var effects = new ArrayList<ParameterEffect.ValueEffect>();
        for (int i = 0; i < n; i++) {
            String value = Integer.toString(32 * (i + 1));
            values.add(value);
            effects.add(new ParameterEffect.ValueEffect(value, Spread.of(new double[] {100 + i, 120 + i, 150 + i}), failing.test(i) ? failed : 0));
        }
        return new ParameterEffect(new Parameter("block_size_x", Parameter.Kind.INTEGER, values), effects, ParameterEffect.Others.FREE);
    }

    @Test
    void failureCountsOfNeighbouringValuesNeverRunIntoOneAnother() {
        // pnpoly's block_size_x: 32 values, the last dozen each with 18 to 50 failures.
        String svg = EffectChart.svg(List.of(effect(32, 50, i -> i >= 20)));
        Matcher m = Pattern.compile("<text x=\"([\\d.]+)\" y=\"[\\d.]+\" text-anchor=\"middle\" class=\"failed-count\">(✗\\d+)</text>").matcher(svg);
        double previousRight = Double.NEGATIVE_INFINITY;
        while (m.find()) {
            double centre = Double.parseDouble(m.group(1));
            double half = m.group(2).length() * 6.0 / 2;
            assertThat(centre - half).as("count " + m.group(2) + " at " + centre).isGreaterThanOrEqualTo(previousRight);
            previousRight = centre + half;
        }
        // Every failure is still said: a mark with its count on each failing value, and the panel's total.
        assertThat(svg).contains("<title>block_size_x = 704: 50 failed</title>").contains("<title>block_size_x = 1024: 50 failed</title>")
                .contains("✗600 in 12 of 32 values");
    }

    @Test
    void aFewValuesKeepTheirCountWrittenOverThem() {
        String svg = EffectChart.svg(List.of(effect(4, 7, i -> i % 2 == 1)));
        assertThat(svg).contains("class=\"failed-count\">✗7</text>").doesNotContain(" of 4 values");
    }
}
