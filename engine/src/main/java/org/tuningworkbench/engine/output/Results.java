package org.tuningworkbench.engine.output;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * What a {@link ResultFormat} is given at the end: the records and what they are of.
 *
 * @param title      the table's title ({@code AUTOTUNE saxpy (n=1024) on CPU})
 * @param records    the configs' records, in the order they were measured
 * @param baseline   the baseline's record, or null
 * @param numbers    each record's number ({@code No.3}), its place in the project's list
 * @param objective  what the records are ranked by
 * @param recordFile where the records are kept
 */
public record Results(String title, List<TuningRecord> records, TuningRecord baseline, Map<TuningRecord, Integer> numbers,
                      Objective objective, Path recordFile) {

    /** Records with nothing more said of them, ranked by time: what a file form needs. */
    public static Results of(List<TuningRecord> records) {
        return new Results("", records, null, Map.of(), Objective.TIME, null);
    }

    /** {@code No.3}, {@code No.3 tiled} for a named config, {@code -} for a record without a number. */
    public String label(TuningRecord r) {
        return label(numbers.get(r), r);
    }

    /** {@code No.3}, {@code No.3 tiled}: a record as the lines, the tables and the best name it; {@code -} for no number. */
    public static String label(Integer number, TuningRecord r) {
        return (number == null ? "-" : "No." + number) + (r.name() == null ? "" : " " + r.name());
    }
}
