package org.tuningworkbench.app.shell;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.DoubleProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;

/**
 * View → Present (F5): the window for a class on a projector. The source and the charts stack, each the window's
 * width, the grid, the log and the run settings make way, and everything is a step larger; the lesson, when open,
 * stays on the right. On a projector's 1024 pixels the source beside the charts and the lesson showed 25 characters a
 * line. Leaving (F5 again, or Esc) puts back each pane, divider and the zoom as they were.
 */
final class PresentMode {

    /** The zoom while presenting, at least: a step of View → Zoom In. */
    static final double ZOOM = 1.15;

    private final SplitPane main;
    private final SplitPane top;
    private final Node bottom;
    /** The window's zoom (1 its usual size). */
    private final DoubleProperty zoom;
    /** Places the run settings again: they give way while presenting ({@link #activeProperty}). */
    private final Runnable placeSidePanel;
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper();
    /** What presenting changed, as it was before. */
    private double[] mainDividers;
    private double[] topDividers;
    private double zoomBefore;

    /**
     * @param main   the window's middle: {@code top} above {@code bottom}
     * @param top    the source beside the charts
     * @param bottom the grid and the log
     */
    PresentMode(SplitPane main, SplitPane top, Node bottom, DoubleProperty zoom, Runnable placeSidePanel) {
        this.main = main;
        this.top = top;
        this.bottom = bottom;
        this.zoom = zoom;
        this.placeSidePanel = placeSidePanel;
    }

    ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    void toggle() {
        if (active.get()) leave();
        else enter();
    }

    void enter() {
        if (active.get()) return;
        mainDividers = main.getDividerPositions();
        topDividers = top.getDividerPositions();
        zoomBefore = zoom.get();
        main.getItems().remove(bottom);
        top.setOrientation(Orientation.VERTICAL);
        top.setDividerPositions(0.5);
        if (zoomBefore < ZOOM) zoom.set(ZOOM);
        active.set(true);
        placeSidePanel.run();
    }

    void leave() {
        if (!active.get()) return;
        top.setOrientation(Orientation.HORIZONTAL);
        top.setDividerPositions(topDividers);
        main.getItems().add(bottom);
        main.setDividerPositions(mainDividers);
        zoom.set(zoomBefore);
        active.set(false);
        placeSidePanel.run();
    }
}
