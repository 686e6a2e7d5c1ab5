package org.tuningworkbench.engine.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.format.Counts;

/**
 * The records a project's views rest on: those of the latest run's identity (source, sizes and
 * settings, compiler and device of the last config record written), the latest of each config, and
 * that run's baseline. Records of other runs (other sizes, settings, source, compiler or device) are
 * counted, not shown: figures of two sizes in one table, chart or claim would compare unlike things.
 * The command line ({@code show}, {@code best}, {@code report}, {@code apply-best}) and the window
 * both choose their records by this one rule. The configs the run's closing confirmation measured again carry
 * its figures ({@link ConfirmedFigures}), by which {@code Ranking} ranks them first, as the run announced them.
 *
 * @param configs      the latest record of each config of the latest run, in the order first met
 * @param baseline     the latest run's baseline record, if it has one
 * @param otherRecords how many records (configs and baselines) of other runs were left out
 */
public record LatestRun(List<TuningRecord> configs, Optional<TuningRecord> baseline, int otherRecords) {

    public LatestRun {
        configs = List.copyOf(configs);
    }

    /**
     * The records of {@code all} (as a record file holds them, oldest first) that the latest run's views rest on; a
     * config's record keeps its confirmation only when that confirmation stands ({@link #standing}).
     */
    public static LatestRun of(List<TuningRecord> all) {
        TuningRecord last = all.stream().filter(r -> r.baseline() == null).reduce((a, b) -> b).orElse(null);
        var latest = new LinkedHashMap<String, TuningRecord>();
        TuningRecord baseline = null;
        TuningRecord lastOfRun = null;
        int others = 0;
        for (TuningRecord r : all) {
            boolean ofLatestRun = last == null
                    || (r.baseline() == null ? r.identity().sameAs(last.identity()) : r.identity().baselineOf(last.identity()));
            if (!ofLatestRun) {
                others++;
                continue;
            }
            if (r.baseline() != null) {
                baseline = r;
                continue;
            }
            lastOfRun = r;
            latest.put(r.configValues().key(), r);
        }
        String confirmation = standingConfirmation(lastOfRun);
        var configs = latest.values().stream().map(r -> standing(r, confirmation)).toList();
        return new LatestRun(configs, Optional.ofNullable(baseline), others);
    }

    /**
     * Which confirmation stands for a run whose last config record in the file is {@code lastOfRun}: the
     * one that wrote it ({@link ConfirmedFigures#at}), or none (null) when a record of the run came after the latest
     * confirmation (a run that measured more, or was stopped before its confirmation): the run then ranked on its samples.
     */
    public static String standingConfirmation(TuningRecord lastOfRun) {
        return lastOfRun == null || lastOfRun.confirmation() == null ? null : lastOfRun.confirmation().at();
    }

    /** {@code r} with its confirmation when it is {@code confirmation}'s (the one that stands), else its search record alone. */
    public static TuningRecord standing(TuningRecord r, String confirmation) {
        return r.confirmation() == null || r.confirmation().at().equals(confirmation) ? r : r.unconfirmed();
    }

    /** The baseline (when there is one) and then the configs: the records a view shows. */
    public List<TuningRecord> shown() {
        var shown = new ArrayList<TuningRecord>(configs.size() + 1);
        baseline.ifPresent(shown::add);
        shown.addAll(configs);
        return shown;
    }

    /** The sizes the configs were measured at ({@code m=64, n=64}); empty when they do not say or differ. */
    public String sizesText() {
        var sizes = configs.stream().map(TuningRecord::setting).map(s -> s == null ? "" : s.sizesText()).distinct().toList();
        return sizes.size() == 1 ? sizes.getFirst() : "";
    }

    /** The device the configs were measured on, or null when none is recorded. */
    public String device() {
        return configs.isEmpty() ? null : configs.getFirst().device();
    }

    /**
     * What the records are and what was left out, as the window says it:
     * {@code 12 configs of the run at n=1024 on AMD EPYC 7763; 5 records of other runs not shown}.
     */
    public String describe() {
        String sizes = sizesText();
        String device = device();
        String what = Counts.of(configs.size(), "config") + (configs.isEmpty() ? "" : " of the latest run"
                + (sizes.isEmpty() ? "" : " at " + sizes) + (device == null ? "" : " on " + device));
        return otherRecords == 0 ? what : what + "; " + Counts.of(otherRecords, "record") + " of other runs not shown";
    }
}
