package org.tuningworkbench.app.shell;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Parent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.transform.Scale;

/**
 * The whole window at a zoom (View → Zoom In, Ctrl+plus), as a browser zooms a page: its content is
 * laid out in a space the zoom times smaller than the window and drawn that many times larger, so
 * text, icons, charts and the grid all grow together and the layout reflows to fit.
 */
final class ZoomedPane extends Pane {

    static final double MIN = 0.6;
    static final double MAX = 2.5;
    private static final double STEP = 1.15;

    private final Region content;
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final DoubleProperty zoom = new SimpleDoubleProperty(1);

    ZoomedPane(Region content) {
        this.content = content;
        content.getTransforms().add(scale);
        scale.xProperty().bind(zoom);
        scale.yProperty().bind(zoom);
        zoom.addListener((obs, was, now) -> requestLayout());
        getChildren().add(content);
    }

    /** The zoom: 1 is the usual size. */
    DoubleProperty zoomProperty() {
        return zoom;
    }

    /** One step larger ({@code step} 1), smaller (-1), or back to the usual size (0), within {@link #MIN} and {@link #MAX}. */
    void step(int step) {
        double next = step == 0 ? 1 : zoom.get() * Math.pow(STEP, step);
        // Steps meet 1 again on the way back rather than missing it by a rounding.
        if (Math.abs(next - 1) < 0.01) next = 1;
        zoom.set(Math.max(MIN, Math.min(MAX, next)));
    }

    /** The width the content is laid out in. */
    double contentWidth() {
        return getWidth() / zoom.get();
    }

    @Override
    protected void layoutChildren() {
        content.resizeRelocate(0, 0, getWidth() / zoom.get(), getHeight() / zoom.get());
    }

    @Override
    protected double computePrefWidth(double height) {
        return content.prefWidth(-1) * zoom.get();
    }

    @Override
    protected double computePrefHeight(double width) {
        return content.prefHeight(-1) * zoom.get();
    }

    @Override
    protected double computeMinWidth(double height) {
        return 0;
    }

    @Override
    protected double computeMinHeight(double width) {
        return 0;
    }

    Parent content() {
        return content;
    }
}
