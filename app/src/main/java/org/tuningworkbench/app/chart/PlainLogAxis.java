package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.AttributedCharacterIterator;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A logarithmic axis whose tick labels, formatted by a number format, are plain text. {@link LogAxis} makes
 * every label an attributed string (for the superscripts of "10³"), which Java2D lays out and measures with
 * a text layout of its own, twice a drawing: the labels of a chart's log axes took most of the time a
 * drawing spent outside its items. Plain labels are drawn as any axis draws its labels, in the same font.
 * Without a number format the labels keep their superscripts.
 */
public class PlainLogAxis extends LogAxis {

    public PlainLogAxis(String label) {
        super(label);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List ticks = super.refreshTicks(g2, state, dataArea, edge);
        if (getNumberFormatOverride() == null) return ticks;
        var plain = new ArrayList<ValueTick>(ticks.size());
        for (Object t : ticks) {
            var tick = (ValueTick) t;
            String text = tick instanceof LogTick log && log.getAttributedLabel() != null ? text(log.getAttributedLabel().getIterator()) : tick.getText();
            plain.add(new NumberTick(tick.getTickType(), tick.getValue(), text, tick.getTextAnchor(), tick.getRotationAnchor(), tick.getAngle()));
        }
        return plain;
    }

    private static String text(AttributedCharacterIterator chars) {
        var text = new StringBuilder(chars.getEndIndex() - chars.getBeginIndex());
        for (char c = chars.first(); c != AttributedCharacterIterator.DONE; c = chars.next()) text.append(c);
        return text.toString();
    }
}
