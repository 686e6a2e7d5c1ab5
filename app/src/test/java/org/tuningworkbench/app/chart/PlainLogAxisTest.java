package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

/** A log axis's formatted tick labels are plain text, the same ticks with the same words as a {@link LogAxis} gives. */
class PlainLogAxisTest {

    private static List<?> ticks(LogAxis axis) {
        axis.setRange(1, 20_000);
        var g2 = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB).createGraphics();
        return axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(0, 0, 400, 300), RectangleEdge.LEFT);
    }

    @Test
    void formattedLabelsArePlainTextAtTheSameTicks() {
        var plain = new PlainLogAxis("latency");
        TimeUnitFormat.apply(plain, "latency", null, 20_000);
        var attributed = new LogAxis("latency");
        attributed.setNumberFormatOverride(plain.getNumberFormatOverride());

        var expected = ticks(attributed);
        var got = ticks(plain);
        assertThat(got).hasSameSizeAs(expected).noneMatch(t -> t instanceof LogTick);
        for (int i = 0; i < got.size(); i++) {
            var want = (LogTick) expected.get(i);
            var tick = (ValueTick) got.get(i);
            assertThat(tick.getValue()).isEqualTo(want.getValue());
            assertThat(tick.getTickType()).isEqualTo(want.getTickType());
            String words = want.getAttributedLabel() == null ? null : text(want);
            assertThat(tick.getText()).isEqualTo(words);
        }
        assertThat(got).extracting(t -> ((ValueTick) t).getText()).contains("10");
    }

    @Test
    void theRooflinesTicksReadToTwoSignificantDigits() {
        var format = TimeUnitFormat.logTicks();
        assertThat(List.of(398.107, 251.189, 63.096, 6.31, 3.981, 1.585, 0.2512)).extracting(format::format)
                .containsExactly("400", "250", "63", "6.3", "4", "1.6", "0.25");
    }

    @Test
    void withoutANumberFormatTheLabelsKeepTheirSuperscripts() {
        assertThat(ticks(new PlainLogAxis("x"))).allMatch(t -> t instanceof LogTick);
    }

    private static String text(LogTick tick) {
        var chars = tick.getAttributedLabel().getIterator();
        var text = new StringBuilder();
        for (char c = chars.first(); c != java.text.CharacterIterator.DONE; c = chars.next()) text.append(c);
        return text.toString();
    }
}
