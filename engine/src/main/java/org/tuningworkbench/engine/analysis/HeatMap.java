package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * Two parameters against each other: one cell per pair of values, holding the best or the median
 * latency of the configs with that pair (the other parameters free).
 *
 * @param rows      the parameter down the side, its values in order
 * @param columns   the parameter along the top
 * @param statistic what a cell's latency is
 * @param cells     {@code cells.get(row).get(column)}
 */
public record HeatMap(Parameter rows, Parameter columns, Statistic statistic, List<List<Cell>> cells) {

    /** What a cell shows of its configs' median latencies. */
    public enum Statistic {
        /** The fastest: what the pair can reach. */
        BEST,
        /** The median: what the pair gives typically. */
        MEDIAN
    }

    /** What a cell holds. */
    public enum State {
        /** No config has this pair of values. */
        EMPTY,
        /** Every config with this pair failed. */
        FAILED,
        /** At least one config with this pair succeeded: the cell has a latency. */
        MEASURED
    }

    /**
     * One pair of values.
     *
     * @param latencyUs the best or median latency in µs of its successful configs; empty unless {@link State#MEASURED}
     * @param measured  how many of its configs succeeded
     * @param failed    how many failed
     */
    public record Cell(String rowValue, String columnValue, OptionalDouble latencyUs, int measured, int failed) {
        public State state() {
            return measured > 0 ? State.MEASURED : failed > 0 ? State.FAILED : State.EMPTY;
        }
    }

    public HeatMap {
        cells = cells.stream().map(List::copyOf).toList();
    }

    /**
     * The heat map of parameters {@code rows} and {@code columns} of {@code results}.
     *
     * @throws IllegalArgumentException when either is not a parameter of the results, or both are the same
     */
    public static HeatMap of(Results results, String rows, String columns, Statistic statistic) {
        if (rows.equals(columns)) throw new IllegalArgumentException("a heat map needs two different parameters, not " + rows + " twice");
        Parameter r = results.parameter(rows).orElseThrow(() -> notAParameter(rows, results));
        Parameter c = results.parameter(columns).orElseThrow(() -> notAParameter(columns, results));
        Map<String, Integer> rowAt = results.positions(r);
        Map<String, Integer> columnAt = results.positions(c);
        Latencies[][] groups = new Latencies[r.size()][c.size()];
        for (TuningRecord record : results.records()) {
            Integer i = rowAt.get(results.value(record, rows));
            Integer j = columnAt.get(results.value(record, columns));
            if (i == null || j == null) continue;
            if (groups[i][j] == null) groups[i][j] = new Latencies();
            groups[i][j].add(record);
        }
        var cells = new ArrayList<List<Cell>>();
        for (int i = 0; i < r.size(); i++) {
            var row = new ArrayList<Cell>();
            for (int j = 0; j < c.size(); j++) row.add(cell(r.values().get(i), c.values().get(j), groups[i][j], statistic));
            cells.add(row);
        }
        return new HeatMap(r, c, statistic, cells);
    }

    private static Cell cell(String rowValue, String columnValue, Latencies group, Statistic statistic) {
        if (group == null) return new Cell(rowValue, columnValue, OptionalDouble.empty(), 0, 0);
        OptionalDouble latency = group.measured() == 0 ? OptionalDouble.empty()
                : OptionalDouble.of(statistic == Statistic.BEST ? group.fastest() : group.spread().orElseThrow().median());
        return new Cell(rowValue, columnValue, latency, group.measured(), group.failed());
    }

    private static IllegalArgumentException notAParameter(String name, Results results) {
        return new IllegalArgumentException("`" + name + "` is not a parameter of these records (they have "
                + results.parameters().stream().map(Parameter::name).toList() + ")");
    }

    /** The fastest and slowest latency of the measured cells, for a colour scale; empty when no cell is measured. */
    public OptionalDouble fastest() {
        return cells.stream().flatMap(List::stream).flatMap(c -> c.latencyUs().stream().boxed()).mapToDouble(Double::doubleValue).min();
    }

    public OptionalDouble slowest() {
        return cells.stream().flatMap(List::stream).flatMap(c -> c.latencyUs().stream().boxed()).mapToDouble(Double::doubleValue).max();
    }
}
