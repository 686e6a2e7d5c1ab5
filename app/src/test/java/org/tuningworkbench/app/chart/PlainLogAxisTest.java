package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

/** A log axis says it is one, and marks round values (1-2-5, or decades) with plain labels. */
class PlainLogAxisTest {

    private static List<ValueTick> majorTicks(LogAxis axis, double lower, double upper, double height) {
        axis.setRange(lower, upper);
        var g2 = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB).createGraphics();
        List<?> all = axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(0, 0, 400, height), RectangleEdge.LEFT);
        return all.stream().map(t -> (ValueTick) t).filter(t -> t.getTickType() == TickType.MAJOR).toList();
    }

    /** Whether {@code value} is 1, 2 or 5 times a power of ten. */
    private static boolean oneTwoFive(double value) {
        double mantissa = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
        return List.of(1.0, 2.0, 5.0).stream().anyMatch(m -> Math.abs(mantissa - m) < 1e-6);
    }

    @Test
    void aLatencyAxisMarksOneTwoFiveInEachDecadeWithPlainLabelsInItsUnit() {
        var axis = new PlainLogAxis("latency");
        TimeUnitFormat.apply(axis, "latency", null, 20_000);
        var ticks = majorTicks(axis, 3, 20_000, 600);
        assertThat(ticks).isNotEmpty().allMatch(t -> oneTwoFive(t.getValue()));
        // In ms: 5 µs is 0.005, 20,000 µs is 20.
        assertThat(ticks).extracting(ValueTick::getText).contains("0.005", "0.01", "0.2", "1", "20");
    }

    @Test
    void aShortAxisKeepsTheDecadesAlone() {
        var ticks = majorTicks(new PlainLogAxis("GFLOP/s"), 0.01, 1000, 200);
        assertThat(ticks).extracting(ValueTick::getValue).containsExactly(0.01, 0.1, 1.0, 10.0, 100.0, 1000.0);
        assertThat(ticks).extracting(ValueTick::getText).containsExactly("0.01", "0.1", "1", "10", "100", "1,000");
    }

    @Test
    void roundTicksThinOutToEveryFewDecadesWhenRoomIsShort() {
        assertThat(PlainLogAxis.roundTicks(1, 20_000, 20)).hasSize(14).startsWith(1.0, 2.0, 5.0, 10.0).endsWith(20_000.0);
        assertThat(PlainLogAxis.roundTicks(1, 20_000, 6)).containsExactly(1.0, 10.0, 100.0, 1000.0, 10_000.0);
        assertThat(PlainLogAxis.roundTicks(1, 20_000, 3)).containsExactly(1.0, 100.0, 10_000.0);
        // Within one decade with no round value but one: the ends, to two digits.
        assertThat(PlainLogAxis.roundTicks(31.7, 48.2, 10)).containsExactly(32.0, 48.0);
    }

    @Test
    void givenTickValuesItMarksThoseAsASweepsSizes() {
        var axis = new PlainLogAxis("n");
        axis.setBase(2);
        axis.setTickValues(List.of(64.0, 128.0, 256.0, 4096.0));
        assertThat(majorTicks(axis, 50, 300, 400)).extracting(ValueTick::getText).containsExactly("64", "128", "256");
    }

    @Test
    void itsTitleSaysLogScale() {
        assertThat(new PlainLogAxis("GFLOP/s").getLabel()).isEqualTo("GFLOP/s (log scale)");
        assertThat(new PlainLogAxis("arithmetic intensity (FLOP/byte)").getLabel()).isEqualTo("arithmetic intensity (FLOP/byte, log scale)");
        var latency = new PlainLogAxis("latency");
        TimeUnitFormat.apply(latency, "latency", "median", 20_000);
        assertThat(latency.getLabel()).isEqualTo("latency (ms, log scale), median");
    }

    @Test
    void theRooflinesTicksReadToTwoSignificantDigits() {
        var format = TimeUnitFormat.logTicks();
        assertThat(List.of(398.107, 251.189, 63.096, 6.31, 3.981, 1.585, 0.2512)).extracting(format::format)
                .containsExactly("400", "250", "63", "6.3", "4", "1.6", "0.25");
    }
}
