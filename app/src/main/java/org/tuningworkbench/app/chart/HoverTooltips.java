package org.tuningworkbench.app.chart;

import java.util.function.Function;
import javafx.scene.input.MouseEvent;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.AbstractMouseHandlerFX;

/**
 * Tooltips written when the pointer rests on an item, not when the chart is drawn: a chart's own
 * tooltip generator writes one text for every item at every redraw, which for 20,000 bars costs more
 * than drawing them.
 */
public final class HoverTooltips extends AbstractMouseHandlerFX {

    private final Function<ChartEntity, String> text;

    private HoverTooltips(Function<ChartEntity, String> text) {
        super("tooltip", false, false, false, false);
        this.text = text;
    }

    /** Replaces the viewer's tooltips with {@code text} of the entity under the pointer (null: no tooltip there). */
    public static void install(ChartViewer viewer, Function<ChartEntity, String> text) {
        ChartCanvas canvas = viewer.getCanvas();
        var own = canvas.getMouseHandler("tooltip");
        if (own != null) canvas.removeAuxiliaryMouseHandler(own);
        canvas.addAuxiliaryMouseHandler(new HoverTooltips(text));
    }

    @Override
    public void handleMouseMoved(ChartCanvas canvas, MouseEvent e) {
        if (canvas.getChart() == null || !canvas.isTooltipEnabled()) return;
        var info = canvas.getRenderingInfo();
        var entities = info == null ? null : info.getEntityCollection();
        ChartEntity entity = entities == null ? null : entities.getEntity(e.getX(), e.getY());
        canvas.setTooltip(entity == null ? null : text.apply(entity), e.getScreenX(), e.getScreenY());
    }
}
