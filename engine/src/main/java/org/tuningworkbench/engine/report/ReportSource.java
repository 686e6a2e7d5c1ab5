package org.tuningworkbench.engine.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.machine.CeilingsCache;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;

/**
 * What a report is made from, for {@code workbench report} and the window's Export Report alike: a
 * recorded space's records, a project's, or a record file's ({@code name} then titles it), with the
 * machine's ceilings for the roofline asked for only when the records' work places them on one.
 *
 * @param kept     the records the report keeps of the run's ({@link ReportRecords}: all of them, or a bounded share of a huge run)
 * @param readFrom the file the records were read from, as the report names it
 */
public record ReportSource(Optional<Project> project, Optional<RecordedSpace> space, String name, ReportRecords kept,
                           Optional<TuningRecord> baseline, String readFrom) {

    /** The source of {@code records}, every one of the run's, numbered as the project lists its configs. */
    public ReportSource(Optional<Project> project, Optional<RecordedSpace> space, String name, List<TuningRecord> records,
                        Optional<TuningRecord> baseline, String readFrom) {
        this(project, space, name, space.isPresent() ? ReportRecords.of(TuningReport.identified(space.get(), records), List.of())
                : ReportRecords.of(records, project.map(p -> p.candidates().listed()).orElse(List.of())), baseline, readFrom);
    }

    /** The machine's ceilings for the roofline, when there are any, and a note of where they came from (or why there are none). */
    public record KnownCeilings(Optional<Ceilings> ceilings, String note) {

        /** Ceilings measured before, as {@code cache} keeps them. */
        public static KnownCeilings measuredBefore(Ceilings ceilings, CeilingsCache cache) {
            return new KnownCeilings(Optional.of(ceilings), "measured before, kept in " + cache.file());
        }
    }

    /** Where the ceilings of a device come from: the command line measures them when they were not; the window only reads them. */
    public interface CeilingsLookup {
        KnownCeilings of(String device);
    }

    /** The report of the records; {@code ceilings} is asked for those of the device the latest record was measured on, when needed. */
    public TuningReport report(CeilingsLookup ceilings) {
        if (space.isPresent()) return TuningReport.ofSpace(space.get(), kept, baseline, readFrom);
        List<TuningRecord> records = kept.records();
        Optional<String> notNeeded = TuningReport.ceilingsNotNeeded(project, records);
        KnownCeilings known = notNeeded.isPresent() ? new KnownCeilings(Optional.empty(), notNeeded.get()) : ceilings.of(records.getLast().device());
        return project.isPresent() ? TuningReport.ofProject(project.get(), kept, baseline, readFrom, known.ceilings(), known.note())
                : TuningReport.ofRecords(name, kept, baseline, List.of(), readFrom, known.ceilings(), known.note());
    }

    /**
     * Writes {@code report} as one HTML file to {@code file} with {@code writes} (which refuses to replace
     * the files the report is made from unless told otherwise); returns the file's absolute path.
     */
    public static Path write(TuningReport report, Path file, SafeWrite writes) throws IOException {
        Path absolute = file.toAbsolutePath();
        writes.text(absolute, HtmlReport.html(report), StandardCharsets.UTF_8);
        return absolute;
    }
}
