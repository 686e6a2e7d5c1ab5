package org.tuningworkbench.app.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import javafx.collections.FXCollections;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.util.StringConverter;
import org.jfree.chart.annotations.XYBoxAnnotation;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.FixedPoints;
import org.tuningworkbench.app.chart.PaintedDots;
import org.tuningworkbench.app.chart.TimeUnitFormat;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Spread;

/** One parameter's effect: per value, a box (quartiles, median, min–max whiskers) over a strip of every config's latency. */
public final class ParameterEffectView extends ResultsChartView<ParameterEffectViewModel.Analysis> {

    private static final double WIDTH = ParameterEffectViewModel.BOX_WIDTH;

    private final ParameterEffectViewModel model;
    private final XYPlot plot;
    private final PaintedDots dots = new PaintedDots();
    private final FixedPoints strip = new FixedPoints("configs");
    private final XYSeries selected = new XYSeries("selected", false, true);

    public ParameterEffectView(ParameterEffectViewModel model, ResultsViewModel results) {
        this(model, results, new XYPlot());
    }

    private ParameterEffectView(ParameterEffectViewModel model, ResultsViewModel results, XYPlot plot) {
        super(results, plot, false, "parameterEffectChart");
        this.model = model;
        this.plot = plot;
        dots.setDotWidth(3);
        dots.setDotHeight(3);
        dots.setSeriesPaint(0, new Color(ChartStyle.OK.getRed(), ChartStyle.OK.getGreen(), ChartStyle.OK.getBlue(), 110));
        plot.setDataset(0, strip);
        plot.setRenderer(0, dots);
        var ring = new XYLineAndShapeRenderer(false, true);
        ring.setSeriesShape(0, new Ellipse2D.Double(-6, -6, 12, 12));
        ring.setSeriesShapesFilled(0, false);
        ring.setSeriesPaint(0, ChartStyle.SELECTED);
        ring.setSeriesStroke(0, new BasicStroke(2.2f));
        ring.setUseOutlinePaint(false);
        plot.setDataset(1, new XYSeriesCollection(selected));
        plot.setRenderer(1, ring);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        plot.setDomainAxis(new SymbolAxis("", new String[0]));
        plot.setRangeAxis(TimeUnitFormat.latencyAxis(false, "median latency (µs)"));
        plot.setDomainPannable(true);
        plot.setRangePannable(true);

        var parameter = new ChoiceBox<String>(model.parameters());
        parameter.setId("effectParameter");
        parameter.valueProperty().bindBidirectional(model.parameterProperty());
        parameter.valueProperty().addListener((obs, was, now) -> changed());
        var others = new ChoiceBox<>(FXCollections.observableArrayList(ParameterEffect.Others.values()));
        others.setId("effectOthers");
        others.setConverter(new StringConverter<>() {
            @Override
            public String toString(ParameterEffect.Others o) {
                return o == null ? "" : o == ParameterEffect.Others.FREE ? "other parameters free" : "others at the best config's values";
            }

            @Override
            public ParameterEffect.Others fromString(String s) {
                return null;
            }
        });
        others.valueProperty().bindBidirectional(model.othersProperty());
        others.valueProperty().addListener((obs, was, now) -> changed());
        var parameterLabel = new Label("Parameter");
        parameterLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        parameter.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        others.setMinWidth(60);
        controls.getChildren().addAll(parameterLabel, parameter, others);
    }

    /** What it shows, as its view model holds it. */
    public ParameterEffectViewModel model() {
        return model;
    }

    @Override
    protected void forget() {
        model.parameterProperty().set(null);
    }

    @Override
    protected java.util.function.Supplier<ParameterEffectViewModel.Analysis> analysis() {
        return model.analysis();
    }

    @Override
    protected void rebuild(ParameterEffectViewModel.Analysis analysed) {
        model.take(analysed);
        ParameterEffect effect = model.effect();
        plot.clearAnnotations();
        boolean log = results.scale().log();
        if (log != plot.getRangeAxis() instanceof org.jfree.chart.axis.LogAxis) {
            plot.setRangeAxis(TimeUnitFormat.latencyAxis(log, "median latency (µs)"));
        }
        if (effect == null) {
            strip.clear();
            plot.setDomainAxis(new SymbolAxis("", new String[0]));
            return;
        }
        var labels = ParameterEffectViewModel.ValueLabels.of(effect.values().stream().map(ParameterEffect.ValueEffect::value).toList());
        var axis = new SymbolAxis(effect.parameter().name() + (labels.shared().isEmpty() ? "" : " = " + labels.shared())
                + (effect.others() == ParameterEffect.Others.AT_BEST ? " (others at the best)" : ""), labels.labels().toArray(String[]::new));
        axis.setGridBandsVisible(false);
        plot.setDomainAxis(axis);
        // Placed with the analysis, off the JavaFX thread: taken as they are.
        var placed = model.strip();
        strip.set(placed.x(), placed.latencyUs());
        double slowest = placed.size() == 0 ? 0 : strip.getRangeUpperBound(false);
        for (int i = 0; i < effect.values().size(); i++) box(i, effect.values().get(i));
        TimeUnitFormat.apply(plot.getRangeAxis(), "median latency", null, slowest);
    }

    private void box(int at, ParameterEffect.ValueEffect value) {
        Color line = ChartStyle.text(dark);
        if (value.latency().isPresent()) {
            Spread s = value.latency().get();
            plot.addAnnotation(new XYLineAnnotation(at, s.min(), at, s.q1(), new BasicStroke(1.2f), line));
            plot.addAnnotation(new XYLineAnnotation(at, s.q3(), at, s.max(), new BasicStroke(1.2f), line));
            plot.addAnnotation(new XYLineAnnotation(at - WIDTH / 2, s.min(), at + WIDTH / 2, s.min(), new BasicStroke(1.2f), line));
            plot.addAnnotation(new XYLineAnnotation(at - WIDTH / 2, s.max(), at + WIDTH / 2, s.max(), new BasicStroke(1.2f), line));
            plot.addAnnotation(new XYBoxAnnotation(at - WIDTH, s.q1(), at + WIDTH, s.q3(), new BasicStroke(1.5f), line, null));
            plot.addAnnotation(new XYLineAnnotation(at - WIDTH, s.median(), at + WIDTH, s.median(), new BasicStroke(2.5f), ChartStyle.BEST));
        }
        if (value.failed() > 0) {
            double y = value.latency().map(Spread::max).orElse(plot.getRangeAxis().getLowerBound());
            var text = new XYTextAnnotation(value.failed() + " failed", at, y);
            text.setPaint(ChartStyle.FAILED);
            text.setTextAnchor(TextAnchor.BOTTOM_CENTER);
            plot.addAnnotation(text);
        }
    }

    /** Whether what is drawn is the latest analysis of the results, its dots painted. */
    @Override
    public boolean settled() {
        return super.settled() && dots.painted();
    }

    /** The number of the config whose point is the strip's {@code item}-th. */
    public int numberAt(int item) {
        return model.strip().numbers()[item];
    }

    @Override
    protected void markSelected(int number) {
        selected.clear();
        var placed = model.strip();
        int at = number > 0 ? placed.indexOf(number) : -1;
        if (at >= 0) selected.add(placed.x()[at], placed.latencyUs()[at]);
    }

    @Override
    protected int configAt(double x, double y, Rectangle2D dataArea) {
        var nearest = new Nearest(plot, dataArea, x, y);
        var placed = model.strip();
        for (int i = 0; i < placed.size(); i++) nearest.consider(placed.x()[i], placed.latencyUs()[i], placed.numbers()[i]);
        return nearest.number();
    }

    @Override
    protected String emptyMessage() {
        if (model.effect() == null) return results.all().isEmpty() ? "No results yet." : "The configs have no tunable parameters to compare.";
        return model.strip().size() == 0 ? "No config with these values succeeded." : "";
    }
}
