package org.tuningworkbench.engine.report;

import java.util.Locale;
import org.tuningworkbench.engine.analysis.HeatMap;
import org.tuningworkbench.engine.format.Durations;

/**
 * A heat map as coloured cells: green for the fastest latency, through yellow, to red for the
 * slowest (on a log scale when they span more than ten times), failed cells dark with a cross,
 * empty cells (no config has that pair) left blank.
 */
final class HeatMapChart {
    private static final double LEFT = 190;
    private static final double MAX_CELL = 56;
    private static final double MAX_WIDTH = 840;

    private HeatMapChart() {}

    static String svg(HeatMap map) {
        int longest = map.columns().values().stream().mapToInt(v -> shorten(v).length()).max().orElse(1);
        // Column labels rise at 45°: room above the cells for the longest of them.
        double top = 44 + longest * 6.5 * 0.71;
        int rows = map.rows().size();
        int columns = map.columns().size();
        double cell = Math.max(4, Math.min(MAX_CELL, Math.min(MAX_WIDTH / columns, 560.0 / rows)));
        double width = Math.max(LEFT + columns * cell + 130, 620);
        double height = top + rows * cell + 70;
        double fastest = map.fastest().orElse(1);
        double slowest = map.slowest().orElse(1);
        boolean log = slowest / fastest > 10;
        Svg svg = new Svg((int) Math.ceil(width), (int) Math.ceil(height), map.statistic().name().toLowerCase(Locale.ROOT) + " latency of "
                + map.rows().name() + " against " + map.columns().name());
        svg.text(LEFT + columns * cell / 2, 16, map.columns().name(), "middle", "title");
        svg.text(8, top - 8, map.rows().name() + " ↓", "start", "title");
        boolean labels = cell >= 40;
        // One unit for the whole map, named in its legend, so a cell holds a plain figure of at most four characters: "13.7", not "13.7m".
        Durations.Unit unit = Durations.unitFor(slowest);
        int labelEvery = Math.max(1, (int) Math.ceil(14 / cell));
        for (int j = 0; j < columns; j += labelEvery) {
            svg.slantedText(LEFT + (j + 0.5) * cell + 4, top - 6, shorten(map.columns().values().get(j)), "tick");
        }
        for (int i = 0; i < rows; i++) {
            double y = top + i * cell;
            if (i % labelEvery == 0) svg.text(LEFT - 6, y + cell / 2 + 4, shorten(map.rows().values().get(i)), "end", "tick");
            for (int j = 0; j < columns; j++) {
                HeatMap.Cell c = map.cells().get(i).get(j);
                double x = LEFT + j * cell;
                String pair = map.rows().name() + " = " + c.rowValue() + ", " + map.columns().name() + " = " + c.columnValue();
                switch (c.state()) {
                    case EMPTY -> svg.rect(x, y, cell, cell, "empty", null, pair + ": no config");
                    case FAILED -> {
                        svg.rect(x, y, cell, cell, "failed-cell", null, pair + ": all " + c.failed() + " failed");
                        svg.line(x + cell * 0.25, y + cell * 0.25, x + cell * 0.75, y + cell * 0.75, "cross");
                        svg.line(x + cell * 0.75, y + cell * 0.25, x + cell * 0.25, y + cell * 0.75, "cross");
                    }
                    case MEASURED -> {
                        double latency = c.latencyUs().getAsDouble();
                        double t = slowest <= fastest ? 0 : log ? Math.log(latency / fastest) / Math.log(slowest / fastest)
                                : (latency - fastest) / (slowest - fastest);
                        svg.rect(x, y, cell, cell, "cell", colour(t), pair + ": " + Durations.micros(latency) + " (" + c.measured() + " ok, "
                                + c.failed() + " failed)");
                        if (labels) svg.text(x + cell / 2, y + cell / 2 + 4, Durations.figure(latency, unit), "middle", "cell-label");
                    }
                }
            }
        }
        legend(svg, LEFT, top + rows * cell + 16, fastest, slowest, log, map.statistic(), labels ? unit : null);
        return svg.toString();
    }

    private static void legend(Svg svg, double x, double y, double fastest, double slowest, boolean log, HeatMap.Statistic statistic, Durations.Unit figures) {
        for (int k = 0; k < 10; k++) svg.rect(x + k * 16, y, 16, 10, "cell", colour(k / 9.0), null);
        svg.text(x, y + 24, Durations.micros(fastest), "start", "tick");
        svg.text(x + 160, y + 24, Durations.micros(slowest) + (log ? " (log scale)" : ""), "start", "tick");
        svg.text(x, y + 42, "each cell: the " + (statistic == HeatMap.Statistic.BEST ? "best" : "median")
                + " latency of its configs" + (figures == null ? "" : ", in " + figures.symbol()) + "; dark ✗: all failed; blank: none", "start", "note");
    }

    /** Green (0, fast) through yellow to red (1, slow). */
    static String colour(double t) {
        t = Math.max(0, Math.min(1, t));
        int[] from = t < 0.5 ? new int[] {26, 152, 80} : new int[] {254, 224, 139};
        int[] to = t < 0.5 ? new int[] {254, 224, 139} : new int[] {215, 48, 39};
        double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
        return String.format(Locale.ROOT, "#%02x%02x%02x", mix(from[0], to[0], u), mix(from[1], to[1], u), mix(from[2], to[2], u));
    }

    private static int mix(int a, int b, double u) {
        return (int) Math.round(a + (b - a) * u);
    }

    private static String shorten(String value) {
        return value.length() <= 26 ? value : value.substring(0, 25) + "…";
    }
}
