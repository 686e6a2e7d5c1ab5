package org.tuningworkbench.app.compare;

import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BoxAndWhiskerRenderer;
import org.jfree.chart.renderer.category.ScatterRenderer;
import org.jfree.data.statistics.DefaultBoxAndWhiskerCategoryDataset;
import org.jfree.data.statistics.DefaultMultiValueCategoryDataset;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.TimeUnitFormat;
import org.tuningworkbench.app.editor.CppHighlighter;

/** A window with two configs side by side: their variants (differing lines marked), statistics and timing samples. */
public final class CompareView {

    private CompareView() {}

    public static Stage show(Window owner, CompareViewModel model, List<String> stylesheets, boolean dark) {
        return show(owner, model, stylesheets, dark, Screen.getPrimary().getVisualBounds());
    }

    /** As {@link #show(Window, CompareViewModel, List, boolean)} on a screen whose usable part is {@code screen}. */
    static Stage show(Window owner, CompareViewModel model, List<String> stylesheets, boolean dark, Rectangle2D screen) {
        var code = new SplitPane(code(model.left(), model.differingLines()), code(model.right(), model.differingLines()));
        code.setDividerPositions(0.5);
        var stats = new GridPane();
        stats.getStyleClass().add("compare-stats");
        stats.setHgap(18);
        stats.setVgap(4);
        stats.add(header(""), 0, 0);
        stats.add(header(model.left().title()), 1, 0);
        stats.add(header(model.right().title()), 2, 0);
        int row = 1;
        for (var r : model.statistics()) {
            stats.add(new Label(r.figure()), 0, row);
            stats.add(new Label(r.left()), 1, row);
            stats.add(new Label(r.right()), 2, row);
            row++;
        }
        var verdict = new Label(model.verdict());
        verdict.getStyleClass().add("verdict");
        // The verdict is a sentence with its evidence (and racing's own reason, for a config racing stopped): it wraps, whole.
        verdict.setWrapText(true);
        verdict.setMinHeight(Label.USE_PREF_SIZE);
        var left = new VBox(10, verdict, stats);
        left.setPadding(new Insets(12));
        left.setMinWidth(320);
        var bottom = new HBox(left, samples(model, dark));
        HBox.setHgrow(bottom.getChildren().get(1), javafx.scene.layout.Priority.ALWAYS);
        bottom.setPrefHeight(300);
        var split = new SplitPane(code, bottom);
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        var root = new BorderPane(split);
        root.getStyleClass().add("compare");
        if (dark) root.getStyleClass().add("dark");
        var stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Compare " + model.left().title() + " and " + model.right().title());
        // As large as the window was designed for, never larger than the screen: on a smaller one (a projector's 1024×700)
        // it fills the screen with its title bar on it, as the main window does.
        var scene = new Scene(root, Math.min(1100, screen.getWidth()), Math.min(760, screen.getHeight()));
        scene.getStylesheets().addAll(stylesheets);
        stage.setScene(scene);
        if (screen.getWidth() < 1100 || screen.getHeight() < 760) stage.setMaximized(true);
        stage.show();
        return stage;
    }

    private static Label header(String text) {
        var l = new Label(text);
        l.getStyleClass().add("pane-title");
        return l;
    }

    private static BorderPane code(CompareViewModel.Side side, List<Integer> differing) {
        var area = new CodeArea(side.text());
        area.setEditable(false);
        area.getStyleClass().add("code");
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        area.setStyleSpans(0, CppHighlighter.highlight(side.text(), List.of()));
        for (int p : differing) if (p < area.getParagraphs().size()) area.setParagraphStyle(p, List.of("changed-line"));
        if (!differing.isEmpty()) area.showParagraphAtCenter(differing.getFirst());
        var title = new Label(side.heading());
        title.getStyleClass().add("pane-title");
        var header = new HBox(title);
        header.getStyleClass().add("pane-header");
        return new BorderPane(new VirtualizedScrollPane<>(area), header, null, null, null);
    }

    private static ChartViewer samples(CompareViewModel model, boolean dark) {
        var box = new DefaultBoxAndWhiskerCategoryDataset();
        var strip = new DefaultMultiValueCategoryDataset();
        for (var side : List.of(model.left(), model.right())) {
            List<Double> samples = CompareViewModel.samples(side);
            if (samples.isEmpty()) continue;
            // A config measured again is drawn by its rounds' medians, and named so ("No.7 (3 rounds)"), as the table counts them.
            box.add(samples, "samples", CompareViewModel.samplesLabel(side));
            strip.add(samples, "each sample", CompareViewModel.samplesLabel(side));
        }
        var boxes = new BoxAndWhiskerRenderer();
        boxes.setFillBox(true);
        boxes.setSeriesPaint(0, new java.awt.Color(0x4C, 0x78, 0xD0, 90));
        boxes.setMeanVisible(false);
        boxes.setMaximumBarWidth(0.18);
        var time = new NumberAxis();
        // In the unit the statistics beside it are written in (18.62 ms there, not 18,620 µs here).
        double slowest = List.of(model.left(), model.right()).stream().flatMap(side -> CompareViewModel.samples(side).stream())
                .mapToDouble(Double::doubleValue).max().orElse(1);
        TimeUnitFormat.apply(time, "time per call", null, slowest);
        var plot = new CategoryPlot(box, new CategoryAxis(null), time, boxes);
        var points = new ScatterRenderer();
        points.setSeriesPaint(0, ChartStyle.BEST);
        points.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
        points.setUseOutlinePaint(false);
        plot.setDataset(1, strip);
        plot.setRenderer(1, points);
        ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        var chart = new JFreeChart("Timing samples", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, dark);
        var viewer = new ChartViewer(chart);
        viewer.setMinSize(300, 220);
        return viewer;
    }
}
