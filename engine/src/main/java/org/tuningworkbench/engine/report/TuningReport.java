package org.tuningworkbench.engine.report;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.analysis.LessonFigures;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.recorded.FileObjective;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.space.SearchSpace;
import org.tuningworkbench.engine.tune.BestConfig;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * What a report shows: a run's records and what is known around them. A recorded space has no
 * project settings, no source and usually no work, so those parts are empty.
 *
 * @param title       what was tuned (the project's or the space's name)
 * @param readFrom    the file the records were read from, as the user named it
 * @param records     the configs' records, in the order they were measured
 * @param baseline    the project's baseline record, when it has one
 * @param parameters  the declared parameters (the project's space, the recorded space's), or none to read them off the configs
 * @param measure     the project's {@code [measure]} settings; empty for records without their project
 * @param flops       work of one call in FLOP, from the project's {@code [work]}
 * @param bytes       memory traffic of one call in bytes, from the project's {@code [work]}
 * @param ceilings    the machine's measured ceilings, when known for the records' device
 * @param ceilingsNote why there are no ceilings, or where they came from
 * @param bestDifference the best config's source against the marked source as a unified diff; empty without a kernel
 * @param generatedAt when the report was written (ISO-8601)
 * @param listed      the configs the project lists, whose places number them ({@link #numbers()}); none for records without their project
 * @param lesson      the project's lesson with its steps' figures from the records; empty without one
 * @param kept        the marked source's value of each parameter, which a config that does not set it keeps; none without the source
 * @param sample      when the run had more configs than {@link ReportRecords#ALL_UP_TO}: what is known of all of them, {@code records}
 *                    being the fastest, the slowest and a random sample of them; empty when {@code records} are all the run's
 * @param objective   what ranks the configs, as everywhere else (the project's {@code [search] objective}; the time of a call without a project)
 * @param fileObjective a recorded space's own objective, which {@code show} and {@code best} rank it by; empty otherwise
 */
public record TuningReport(String title, String readFrom, List<TuningRecord> records, Optional<TuningRecord> baseline,
                           List<Parameter> parameters, Optional<MeasureSettings> measure, OptionalDouble flops, OptionalDouble bytes,
                           Optional<Ceilings> ceilings, String ceilingsNote, Optional<List<String>> bestDifference, String generatedAt,
                           List<Config> listed, Optional<LessonFigures> lesson, java.util.Map<String, String> kept,
                           Optional<ReportRecords.Sample> sample, Objective objective, Optional<FileObjective> fileObjective) {

    public TuningReport {
        records = List.copyOf(records);
        parameters = List.copyOf(parameters);
        listed = List.copyOf(listed);
        kept = java.util.Map.copyOf(kept);
        objective = objective == null ? Objective.TIME : objective;
        fileObjective = fileObjective == null ? Optional.empty() : fileObjective;
    }

    /**
     * A report of {@code records} read from {@code readFrom}, with nothing known around them until the builder says it:
     * no baseline, parameters, settings, work, ceilings, source, lesson or sample; ranked by the time of a call.
     */
    public static Builder builder(String title, String readFrom, List<TuningRecord> records) {
        return new Builder(title, readFrom, records);
    }

    /** A builder holding every part of this report, to change some of them. */
    public Builder toBuilder() {
        return builder(title, readFrom, records).baseline(baseline).parameters(parameters).measure(measure).work(flops, bytes)
                .ceilings(ceilings, ceilingsNote).bestDifference(bestDifference).generatedAt(generatedAt).listed(listed).lesson(lesson)
                .kept(kept).sample(sample).objective(objective).fileObjective(fileObjective);
    }

    /** A report made part by part: see {@link #builder}. */
    public static final class Builder {
        private final String title;
        private final String readFrom;
        private final List<TuningRecord> records;
        private Optional<TuningRecord> baseline = Optional.empty();
        private List<Parameter> parameters = List.of();
        private Optional<MeasureSettings> measure = Optional.empty();
        private OptionalDouble flops = OptionalDouble.empty();
        private OptionalDouble bytes = OptionalDouble.empty();
        private Optional<Ceilings> ceilings = Optional.empty();
        private String ceilingsNote = "";
        private Optional<List<String>> bestDifference = Optional.empty();
        private String generatedAt = Instant.now().toString();
        private List<Config> listed = List.of();
        private Optional<LessonFigures> lesson = Optional.empty();
        private java.util.Map<String, String> kept = java.util.Map.of();
        private Optional<ReportRecords.Sample> sample = Optional.empty();
        private Objective objective = Objective.TIME;
        private Optional<FileObjective> fileObjective = Optional.empty();

        private Builder(String title, String readFrom, List<TuningRecord> records) {
            this.title = title;
            this.readFrom = readFrom;
            this.records = records;
        }

        public Builder baseline(Optional<TuningRecord> value) { baseline = value; return this; }
        public Builder parameters(List<Parameter> value) { parameters = value; return this; }
        public Builder measure(Optional<MeasureSettings> value) { measure = value; return this; }
        public Builder work(OptionalDouble flopsValue, OptionalDouble bytesValue) { flops = flopsValue; bytes = bytesValue; return this; }
        public Builder ceilings(Optional<Ceilings> value, String note) { ceilings = value; ceilingsNote = note; return this; }
        public Builder bestDifference(Optional<List<String>> value) { bestDifference = value; return this; }
        public Builder generatedAt(String value) { generatedAt = value; return this; }
        public Builder listed(List<Config> value) { listed = value; return this; }
        public Builder lesson(Optional<LessonFigures> value) { lesson = value; return this; }
        public Builder kept(java.util.Map<String, String> value) { kept = value; return this; }
        public Builder sample(Optional<ReportRecords.Sample> value) { sample = value; return this; }
        public Builder objective(Objective value) { objective = value; return this; }
        public Builder fileObjective(Optional<FileObjective> value) { fileObjective = value; return this; }

        public TuningReport build() {
            return new TuningReport(title, readFrom, records, baseline, parameters, measure, flops, bytes, ceilings, ceilingsNote, bestDifference,
                    generatedAt, listed, lesson, kept, sample, objective, fileObjective);
        }
    }

    /** The configs ranked best first by the objective, as the command line and the window rank them. */
    public Ranking ranking() {
        return Ranking.of(records, objective);
    }

    /** Each record's number ({@code No.3}) as the window's grid and the command line give it: see {@link ConfigNumbers}. */
    public java.util.Map<TuningRecord, Integer> numbers() {
        return sample.map(ReportRecords.Sample::numbers).orElseGet(() -> new ConfigNumbers(listed).of(records));
    }

    /** How many configs the run had: the records', or all of a sampled run's. */
    public long configs() {
        return sample.map(ReportRecords.Sample::configs).orElse((long) records.size());
    }

    /**
     * The report of the records kept of a project's run, met one at a time: its settings and work, its space's
     * parameters, and the best config's difference from the marked kernel source (empty when the source cannot be read
     * or no config succeeded: the section then says so).
     */
    public static TuningReport ofProject(Project project, ReportRecords kept, Optional<TuningRecord> baseline, String readFrom,
                                         Optional<Ceilings> ceilings, String ceilingsNote) {
        List<TuningRecord> records = kept.records();
        project = atRecordedSizes(project, records);
        List<Parameter> parameters = project.candidates().space().map(SearchSpace::parameters).orElse(List.of());
        return builder(project.name(), readFrom, records).baseline(baseline).parameters(parameters).measure(Optional.of(project.measure()))
                .work(project.work().flops(), project.work().bytes()).ceilings(ceilings, ceilingsNote).bestDifference(bestDifference(project, records))
                .listed(project.candidates().listed()).lesson(lesson(project, records)).kept(sourceValues(project)).sample(kept.sample())
                .objective(project.search().objective()).build();
    }

    /** The project's lesson with its steps' figures from each config's latest record; empty without a lesson (or with one in error). */
    static Optional<LessonFigures> lesson(Project project, List<TuningRecord> records) {
        Optional<Lesson> lesson;
        try {
            lesson = ProjectFile.lesson(project);
        } catch (ProjectException | RuntimeException e) {
            return Optional.empty();
        }
        if (lesson.isEmpty() || lesson.get().steps().isEmpty()) return Optional.empty();
        var latest = new java.util.HashMap<Config, TuningRecord>();
        records.forEach(r -> latest.put(r.configValues(), r));
        return Optional.of(LessonFigures.of(lesson.get(), latest::get));
    }

    /** The marked kernel's value of each parameter, as it reads now; none when it cannot be read or has marker errors. */
    private static java.util.Map<String, String> sourceValues(Project project) {
        try {
            TunableSource source = TunableSource.parse(project.kernel().source(), SourceFiles.read(project.kernel().source()).text());
            if (!source.errors().isEmpty()) return java.util.Map.of();
            var values = new java.util.LinkedHashMap<String, String>();
            source.parameters().forEach((name, line) -> values.put(name, line.value()));
            return values;
        } catch (IOException | RuntimeException e) {
            return java.util.Map.of();
        }
    }

    /**
     * The project at the sizes its records were measured at, when they all name the same sizes and
     * those are not the project file's ({@code --set m=64}): its work per call, and so the records'
     * place on the roofline, is that of those sizes.
     */
    static Project atRecordedSizes(Project project, List<TuningRecord> records) {
        var sizes = records.stream().map(TuningRecord::setting).filter(java.util.Objects::nonNull).map(TuningRecord.Setting::sizes)
                .filter(java.util.Objects::nonNull).distinct().toList();
        if (sizes.size() != 1 || sizes.getFirst().equals(project.inputs().sizes()) || project.file() == null) return project;
        try {
            return ProjectFile.load(project.file(), sizes.getFirst());
        } catch (ProjectException | RuntimeException e) {
            // The project file has changed since: the report keeps to what it says now.
            return project;
        }
    }

    /**
     * Why the machine's ceilings are not needed to report {@code records}: the roofline drawn under
     * them needs the work of a call, FLOP and bytes (a project's {@code [work]}, or records that carry
     * both GFLOP/s and GB/s). Empty when the work is known.
     */
    public static Optional<String> ceilingsNotNeeded(Optional<Project> project, List<TuningRecord> records) {
        boolean known = project.map(p -> p.work().flops().isPresent() && p.work().bytes().isPresent()).orElse(false)
                || records.stream().anyMatch(r -> r.gflops() != null && r.gbps() != null);
        if (known) return Optional.empty();
        boolean flops = project.map(p -> p.work().flops().isPresent()).orElse(false) || records.stream().anyMatch(r -> r.gflops() != null);
        return Optional.of(flops ? "not needed: the bytes a call moves are not known ([work] bytes), so there is no roofline"
                : "not needed: the work of a call is not known ([work] flops and bytes), so there is no roofline");
    }

    /**
     * The report of a recorded space, of the records kept of its {@link #identified} records (all of its configs, or as far
     * as a replay went), with no work and no source.
     */
    public static TuningReport ofSpace(RecordedSpace space, ReportRecords kept, Optional<TuningRecord> baseline, String readFrom) {
        return records(space.name() + " (kernel " + space.kernelName() + " on " + space.deviceName() + ")", kept, baseline, space.parameters(),
                readFrom, Optional.empty(), "a recorded space carries no work (FLOP and bytes) to place its configs on a roofline")
                .fileObjective(Optional.of(space.ranking()).filter(o -> !o.values().isEmpty())).build();
    }

    /** A space's records, each saying where it was measured: the space's own say nothing of it; a replay's say it as the replay recorded it. */
    static List<TuningRecord> identified(RecordedSpace space, List<TuningRecord> records) {
        var identity = space.identity();
        return records.stream().map(r -> r.device() == null && r.toolchain() == null ? r.toBuilder().identity(identity).build() : r).toList();
    }

    /** The report of records read without their project (a record file alone, a recorded space). */
    public static TuningReport ofRecords(String title, List<TuningRecord> records, Optional<TuningRecord> baseline, List<Parameter> parameters,
                                         String readFrom, Optional<Ceilings> ceilings, String ceilingsNote) {
        return ofRecords(title, ReportRecords.of(records, List.of()), baseline, parameters, readFrom, ceilings, ceilingsNote);
    }

    /** As {@link #ofRecords(String, List, Optional, List, String, Optional, String)}, of the records kept of a run met one at a time. */
    public static TuningReport ofRecords(String title, ReportRecords kept, Optional<TuningRecord> baseline, List<Parameter> parameters,
                                         String readFrom, Optional<Ceilings> ceilings, String ceilingsNote) {
        return records(title, kept, baseline, parameters, readFrom, ceilings, ceilingsNote).build();
    }

    private static Builder records(String title, ReportRecords kept, Optional<TuningRecord> baseline, List<Parameter> parameters,
                                   String readFrom, Optional<Ceilings> ceilings, String ceilingsNote) {
        return builder(title, readFrom, kept.records()).baseline(baseline).parameters(parameters).ceilings(ceilings, ceilingsNote).sample(kept.sample());
    }

    /** The best config's source against the kernel as marked, as unified diff lines; empty when there is nothing to compare. */
    private static Optional<List<String>> bestDifference(Project project, List<TuningRecord> records) {
        Optional<TuningRecord> best = BestConfig.of(project, records);
        if (best.isEmpty()) return Optional.empty();
        try {
            String before = SourceFiles.read(project.kernel().source()).text();
            TunableSource source = project.kernel().tunableSource(before);
            if (!source.errors().isEmpty()) return Optional.empty();
            String after = source.substitute(best.get().configValues()).textToKeep();
            List<String> a = before.lines().toList();
            List<String> b = after.lines().toList();
            String name = project.kernel().source().getFileName().toString();
            if (a.equals(b)) return Optional.of(List.of());
            return Optional.of(UnifiedDiffUtils.generateUnifiedDiff(name + " (marked)", name + " (best config)", a, DiffUtils.diff(a, b), 2));
        } catch (IOException | InvalidConfigException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
