package org.tuningworkbench.engine.output;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.PriorAdvice;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * The form people read, the default: a line per config as it is measured ({@code No.2: 16.99 µs,
 * {BM=64}}), then the best config and the table of the fastest ({@link ResultTable}).
 */
public final class TableFormat implements ResultFormat {

    static final String NAME = "default";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean sharesOutput() {
        return true;
    }

    @Override
    public void started(TuningEvent.Started s, PrintWriter out) {
        if (!s.strategy().equals("grid")) {
            out.println("Searching " + s.space() + " with " + s.strategy() + (s.planned() > 0 ? ", up to " + s.planned() + " trials" : ""));
        }
        for (PriorAdvice.Used used : s.priors()) {
            out.println(String.format(Locale.ROOT, "Prior %s: %s of its %s configs are in this space%s", used.prior(), Counts.of(used.inSpace()),
                    Counts.of(used.configs()), Strategies.LEARNING_FROM_PRIORS.contains(s.strategy()) ? "" : " (" + s.strategy() + " does not learn from priors)"));
        }
    }

    @Override
    public void measured(TuningRecord record, int number, boolean resumed, PrintWriter out) {
        out.println(line(number, record) + (resumed ? " (recorded earlier)" : ""));
    }

    @Override
    public void baseline(TuningRecord baseline, boolean resumed, PrintWriter out) {
        out.println("Baseline: " + outcome(baseline) + ", " + baseline.baselineDescription() + (resumed ? " (recorded earlier)" : ""));
    }

    @Override
    public void results(Results results, PrintWriter out) {
        List<TuningRecord> records = results.records();
        if (records.isEmpty()) return;
        out.println(best(records, results.objective(), results::label));
        out.println();
        ResultTable.print(results.title(), records, results.baseline(), results::label, ResultTable.SHOWN_BY_DEFAULT,
                "workbench show --all " + results.recordFile() + " lists every one", results.objective(), out);
        List<TuningRecord> retaken = records.stream().filter(r -> r.timing() != null && r.timing().faultedSamples() != null).toList();
        if (!retaken.isEmpty()) {
            out.println("Samples taken again because the kernel touched memory for the first time in them (page faults, as a kernel "
                    + "that allocates in every call does in its first calls): " + retaken.stream()
                    .map(r -> results.label(r) + " " + Counts.of(r.timing().faultedSamples(), "sample"))
                    .collect(Collectors.joining(", ")));
        }
        out.println("Records: " + results.recordFile());
    }

    /**
     * {@code Best config: No.3 (fastest; ...)}: by time, the best with what qualifies it against the
     * runner-up ({@link Claims}); by another objective, the best by it, which it names.
     */
    public static String best(List<TuningRecord> records, Objective objective, Function<TuningRecord, String> label) {
        if (objective.isTime()) return "Best config: " + Claims.bestText(records, label);
        return Ranking.of(records, objective).best().map(b -> "Best config by " + objective + ": " + label.apply(b)
                        + (Ranking.confirmed(b, objective) ? " (confirmed: measured best again in fresh processes)" : ""))
                .orElse("Best config: none (no config succeeded)");
    }

    /** {@code No.2: 16.99 µs, {L1TileShape=GemmShape<64, 128, 128>}}, or the status for a failed config. */
    static String line(int number, TuningRecord r) {
        return "No." + number + (r.name() == null ? "" : " " + r.name()) + ": " + outcome(r) + ", " + Configs.text(r.config());
    }

    /** The median, or what went wrong. */
    private static String outcome(TuningRecord r) {
        return r.ok() ? Durations.micros(r.medianUs()) : r.status().label() + " (" + r.error() + ")";
    }
}
