package org.tuningworkbench.engine.cli;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tuningworkbench.engine.cli.SpaceRanking.RankedBy.ByFile;
import org.tuningworkbench.engine.cli.SpaceRanking.RankedBy.ByProject;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.FileObjective;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * How {@code show} and {@code best} rank a recorded space: by its own objective, as the tuner that
 * recorded it did (Kernel Tuner ranks by {@code time}, the mean of the samples, or by the objective
 * the file names), unless {@code --objective median} asks for the median of the samples, as the
 * workbench ranks its own records. A project's records are ranked by the project's objective
 * ({@code [search] objective}, the time of a call unless it names a metric), as its run ranked them.
 */
record SpaceRanking(RankedBy by, List<TuningRecord> ordered) {

    /** What the configs are ranked by: one objective, the recorded space's own or the project's. */
    sealed interface RankedBy {
        /** The objective the recorded space's file names, as the tuner that recorded it ranked. */
        record ByFile(FileObjective objective) implements RankedBy {}

        /** The project's objective, as its run ranked; the time of a call for records without a project. */
        record ByProject(Objective objective) implements RankedBy {}
    }

    /** The two rankings disagree when their best configs differ by more than this share, by either measure. */
    static final double DISAGREEMENT = 0.05;

    /** The values {@code --objective} takes. */
    static final String FILE = "file";
    static final String MEDIAN = "median";

    static SpaceRanking of(RecordsOrProject read, String objective) {
        Objective byProject = read.project().map(p -> p.search().objective()).orElse(Objective.TIME);
        Optional<FileObjective> own = read.space().map(RecordedSpace::ranking).filter(o -> !o.values().isEmpty());
        if (MEDIAN.equals(objective) || own.isEmpty()) {
            return new SpaceRanking(new ByProject(byProject), Ranking.of(read.records(), byProject).ordered());
        }
        return new SpaceRanking(new ByFile(own.get()), own.get().ranked(read.records()));
    }

    /** Whether the ranking is by the time of a call, where the best is said with what qualifies it (Claims). */
    boolean byTime() {
        return by instanceof ByProject(Objective objective) && objective.isTime();
    }

    /** The file's objective the ranking is by; null when it is by the project's. */
    FileObjective fileObjective() {
        return by instanceof ByFile(FileObjective objective) ? objective : null;
    }

    /** The project's objective the ranking is by; the time of a call when it is by the file's. */
    Objective projectObjective() {
        return by instanceof ByProject(Objective objective) ? objective : Objective.TIME;
    }

    Optional<TuningRecord> best() {
        return ordered.isEmpty() || !ordered.getFirst().ok() ? Optional.empty() : Optional.of(ordered.getFirst());
    }

    /** The line saying what the ranking is by, for a recorded space; empty for a record file. */
    static Optional<String> said(RecordsOrProject read, SpaceRanking ranking) {
        if (read.space().isEmpty()) {
            return ranking.byTime() ? Optional.empty() : Optional.of("Ranked by the project's objective, " + ranking.projectObjective() + ".");
        }
        FileObjective own = read.space().get().ranking();
        return Optional.of(switch (ranking.by()) {
            case ByFile(FileObjective objective) -> "Ranked by " + objective.describe() + "; --objective median ranks by the median of the samples.";
            case ByProject ignored -> "Ranked by the median of the samples" + (own.values().isEmpty() ? " (the file records no objective values)."
                    : "; --objective file ranks by " + own.describe() + ".");
        });
    }

    /**
     * A warning when the file's objective and the median choose best configs more than 5% apart (by
     * the median or by the objective): which one is best depends on what is asked.
     */
    static Optional<String> disagreement(RecordsOrProject read) {
        if (read.space().isEmpty() || read.space().get().ranking().values().isEmpty()) return Optional.empty();
        FileObjective own = read.space().get().ranking();
        var byObjective = own.best(read.records());
        var byMedian = Ranking.of(read.records()).best();
        if (byObjective.isEmpty() || byMedian.isEmpty() || byObjective.get() == byMedian.get()) return Optional.empty();
        TuningRecord a = byObjective.get();
        TuningRecord b = byMedian.get();
        double medianGap = a.medianUs() != null && b.medianUs() != null && b.medianUs() > 0 ? a.medianUs() / b.medianUs() - 1 : 0;
        double objectiveGap = own.valueOf(a).flatMap(va -> own.valueOf(b).map(vb -> va == 0 || vb == 0 ? 0
                : own.objective().higherIsBetter() ? va / vb - 1 : vb / va - 1)).orElse(0.0);
        if (Math.max(medianGap, objectiveGap) <= DISAGREEMENT) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "warning: the file's objective `%s` and the median choose different best configs,"
                + " %.1f%% apart by median and %.1f%% by `%s`: %s by `%s`, %s by median", own.objective().name(), 100 * medianGap,
                100 * objectiveGap, own.objective().name(), Configs.text(a.config()), own.objective().name(), Configs.text(b.config())));
    }
}
