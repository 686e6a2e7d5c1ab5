package org.tuningworkbench.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.output.ResultTable;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.report.HtmlReport;
import org.tuningworkbench.engine.report.TuningReport;
import org.tuningworkbench.fixtures.TinyProject;

/**
 * One record's status reads the same in the grid's Status column, Compare's status row, {@code show}'s table and the
 * report's: each once composed "confirmed #N" on its own (Compare without the judgements, the report after them).
 */
class OneStatusEverywhereTest {

    /** Stopped ahead by racing, then measured again by the run's confirmation in rounds that spread widely: ranked first, noisy. */
    private static TuningRecord confirmedNoisyAhead() {
        var samples = List.of(10.0, 10.5, 11.0, 11.5, 12.0);
        var searched = CompareViewTest.record(1, samples);
        var timing = searched.timing().withStop("stopped by racing", Racing.Stop.AHEAD);
        var rounds = List.of(9.0, 12.0, 15.0);
        return searched.toBuilder().timing(timing).build()
                .confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 1, 2, rounds, rounds, 12.0, 12.0));
    }

    @Test
    void theGridCompareShowAndTheReportSayOneRecordsStatusAlike() {
        TuningRecord record = confirmedNoisyAhead();
        TuningRecord other = CompareViewTest.record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0));

        var row = new ConfigRow(Map.of("UNROLL", "2"));
        row.setRecord(record, null);
        String grid = row.state();
        assertThat(grid).isEqualTo("ok · confirmed #1 · noisy · stopped ahead");

        var compare = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                record, "No.2", new Config(Map.of("UNROLL", "4")), other);
        assertThat(compare.statistics()).first().isEqualTo(new CompareViewModel.Row("status", grid, "ok"));
        // Over its variant too: the pane's title once said the outcome alone ("No.1 · ok") beside a status row saying more.
        assertThat(compare.left().heading()).isEqualTo("No.1 · " + grid);

        // show's table says the outcome by the figures beside it; after the spread, the rest of the status as the grid has it.
        var out = new StringWriter();
        ResultTable.print("Results", List.of(record, other), null, r -> "No." + r.trial(), 20, "", new PrintWriter(out, true));
        String line = out.toString().lines().filter(l -> l.contains("No.1")).findFirst().orElseThrow();
        assertThat(line).contains(" " + grid.substring("ok · ".length()) + " ");

        var report = TuningReport.builder("p", "records.jsonl", List.of(record, other)).build();
        assertThat(HtmlReport.html(report)).contains("<td>" + grid + "</td>");
    }
}
