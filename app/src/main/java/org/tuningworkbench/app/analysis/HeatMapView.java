package org.tuningworkbench.app.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.jfree.chart.annotations.XYBoxAnnotation;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.TimeUnitFormat;
import org.tuningworkbench.engine.analysis.HeatMap;

/** Two parameters against each other: a cell per pair of values coloured by its best or median latency, failed cells crossed. */
public final class HeatMapView extends ResultsChartView<HeatMapViewModel.Analysis> {

    private final HeatMapViewModel model;
    private final XYPlot plot;
    private final DefaultXYZDataset cells = new DefaultXYZDataset();
    private final XYSeries failed = new XYSeries("every config failed", false, true);
    private final XYBlockRenderer blocks = new XYBlockRenderer();
    private PaintScaleLegend legend;

    public HeatMapView(HeatMapViewModel model, ResultsViewModel results) {
        this(model, results, new XYPlot());
    }

    private HeatMapView(HeatMapViewModel model, ResultsViewModel results, XYPlot plot) {
        super(results, plot, false, "heatMapChart");
        this.model = model;
        this.plot = plot;
        plot.setDataset(0, cells);
        plot.setRenderer(0, blocks);
        var crosses = new XYLineAndShapeRenderer(false, true);
        crosses.setSeriesShape(0, ShapeUtils.createDiagonalCross(6, 1.4f));
        crosses.setSeriesPaint(0, ChartStyle.FAILED);
        plot.setDataset(1, new XYSeriesCollection(failed));
        plot.setRenderer(1, crosses);
        plot.setDomainAxis(new SymbolAxis("", new String[0]));
        plot.setRangeAxis(new SymbolAxis("", new String[0]));
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);

        var rows = new ChoiceBox<String>(model.parameters());
        rows.setId("heatMapRows");
        rows.valueProperty().bindBidirectional(model.rowsProperty());
        rows.valueProperty().addListener((obs, was, now) -> changed());
        var columns = new ChoiceBox<String>(model.parameters());
        columns.setId("heatMapColumns");
        columns.valueProperty().bindBidirectional(model.columnsProperty());
        columns.valueProperty().addListener((obs, was, now) -> changed());
        var statistic = new ChoiceBox<>(FXCollections.observableArrayList(HeatMap.Statistic.values()));
        statistic.setConverter(new StringConverter<>() {
            @Override
            public String toString(HeatMap.Statistic s) {
                return s == null ? "" : s == HeatMap.Statistic.BEST ? "best latency per cell" : "median latency per cell";
            }

            @Override
            public HeatMap.Statistic fromString(String s) {
                return null;
            }
        });
        statistic.valueProperty().bindBidirectional(model.statisticProperty());
        statistic.valueProperty().addListener((obs, was, now) -> changed());
        // Each parameter's choice stays beside its label when the controls wrap on a narrow pane.
        var rowsChoice = new HBox(8, new Label("Rows"), rows);
        var columnsChoice = new HBox(8, new Label("Columns"), columns);
        for (var choice : List.of(rowsChoice, columnsChoice)) choice.setAlignment(Pos.CENTER_LEFT);
        controls.getChildren().addAll(rowsChoice, columnsChoice, statistic);
    }

    /** What it shows, as its view model holds it. */
    public HeatMapViewModel model() {
        return model;
    }

    @Override
    protected void forget() {
        model.rowsProperty().set(null);
        model.columnsProperty().set(null);
    }

    @Override
    protected java.util.function.Supplier<HeatMapViewModel.Analysis> analysis() {
        return model.analysis();
    }

    @Override
    protected void rebuild(HeatMapViewModel.Analysis analysed) {
        model.take(analysed);
        if (cells.getSeriesCount() > 0) cells.removeSeries("cells");
        failed.clear();
        if (legend != null) chart.removeSubtitle(legend);
        legend = null;
        HeatMap map = model.map();
        if (map == null) return;
        plot.setDomainAxis(symbols(map.columns().name(), map.columns().values()));
        plot.setRangeAxis(symbols(map.rows().name(), map.rows().values()));
        int n = 0;
        for (var row : map.cells()) for (var cell : row) if (cell.latencyUs().isPresent()) n++;
        double[][] xyz = new double[3][n];
        int k = 0;
        for (int i = 0; i < map.cells().size(); i++) {
            for (int j = 0; j < map.cells().get(i).size(); j++) {
                var cell = map.cells().get(i).get(j);
                if (cell.state() == HeatMap.State.FAILED) failed.add(j, i, false);
                if (cell.latencyUs().isEmpty()) continue;
                xyz[0][k] = j;
                xyz[1][k] = i;
                xyz[2][k++] = cell.latencyUs().getAsDouble();
            }
        }
        failed.fireSeriesChanged();
        cells.addSeries("cells", xyz);
        double fastest = map.fastest().orElse(1);
        double slowest = map.slowest().orElse(fastest);
        var scale = new LatencyColours(fastest, Math.max(slowest, fastest * 1.0001));
        blocks.setPaintScale(scale);
        var axis = TimeUnitFormat.latencyAxis(slowest > 10 * fastest, "latency");
        axis.setRange(scale.getLowerBound(), scale.getUpperBound());
        TimeUnitFormat.apply(axis, (map.statistic() == HeatMap.Statistic.BEST ? "best" : "median") + " latency", null, slowest);
        legend = new PaintScaleLegend(scale, axis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setMargin(4, 4, 4, 4);
        legend.setStripWidth(14);
        chart.addSubtitle(legend);
    }

    private static SymbolAxis symbols(String name, List<String> values) {
        var axis = new SymbolAxis(name, values.toArray(String[]::new));
        axis.setGridBandsVisible(false);
        return axis;
    }

    @Override
    protected void markSelected(int number) {
        plot.clearAnnotations();
        int[] cell = model.cellOf(number);
        if (cell == null) return;
        plot.addAnnotation(new XYBoxAnnotation(cell[1] - 0.5, cell[0] - 0.5, cell[1] + 0.5, cell[0] + 0.5, new BasicStroke(3f),
                ChartStyle.SELECTED, null));
    }

    @Override
    protected int configAt(double x, double y, Rectangle2D dataArea) {
        int column = (int) Math.round(plot.getDomainAxis().java2DToValue(x, dataArea, plot.getDomainAxisEdge()));
        int row = (int) Math.round(plot.getRangeAxis().java2DToValue(y, dataArea, plot.getRangeAxisEdge()));
        return model.configIn(row, column);
    }

    @Override
    protected String emptyMessage() {
        if (model.map() != null) return "";
        if (results.all().isEmpty()) return "No results yet.";
        return model.parameters().size() < 2 ? "A heat map needs two parameters; these configs vary " + model.parameters().size() + "."
                : "Choose two different parameters.";
    }

    /** Fast configs dark blue, slow ones light yellow, on a log scale so a few slow cells do not wash out the rest. */
    private static final class LatencyColours implements PaintScale {
        private static final Color[] STOPS = {new Color(0x30, 0x12, 0x3B), new Color(0x46, 0x6B, 0xE3), new Color(0x1A, 0xE4, 0xB6),
            new Color(0xFA, 0xBA, 0x39), new Color(0xFB, 0xF2, 0xB0)};
        private final double low;
        private final double high;

        LatencyColours(double low, double high) {
            this.low = low;
            this.high = high;
        }

        @Override
        public double getLowerBound() {
            return low;
        }

        @Override
        public double getUpperBound() {
            return high;
        }

        @Override
        public Paint getPaint(double value) {
            double t = low <= 0 ? (value - low) / (high - low) : Math.log(value / low) / Math.log(high / low);
            t = Math.clamp(Double.isNaN(t) ? 0 : t, 0, 1) * (STOPS.length - 1);
            int i = Math.min((int) t, STOPS.length - 2);
            double f = t - i;
            Color a = STOPS[i];
            Color b = STOPS[i + 1];
            return new Color((int) (a.getRed() + f * (b.getRed() - a.getRed())), (int) (a.getGreen() + f * (b.getGreen() - a.getGreen())),
                    (int) (a.getBlue() + f * (b.getBlue() - a.getBlue())));
        }
    }
}
