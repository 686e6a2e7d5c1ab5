package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.SafeWrite;

/** The report the command line and the window both make: the ceilings asked for only when needed, the inputs never replaced. */
class ReportSourceTest {

    @TempDir
    Path dir;

    @Test
    void recordsWithoutTheWorkOfACallNeverAskForTheCeilingsAndTheReportSaysWhy() {
        var asked = new ArrayList<String>();
        var source = new ReportSource(Optional.empty(), Optional.empty(), "records", HtmlReportTest.records(), Optional.empty(), "records.jsonl");
        TuningReport report = source.report(device -> {
            asked.add(device);
            return new ReportSource.KnownCeilings(Optional.of(HtmlReportTest.CEILINGS), "measured now");
        });
        assertThat(asked).isEmpty();
        assertThat(report.ceilings()).isEmpty();
        assertThat(report.ceilingsNote()).contains("the work of a call is not known");
        assertThat(report.title()).isEqualTo("records");
    }

    @Test
    void theReportIsWrittenAsOneHtmlFileButNeverOverAFileItIsMadeFrom() throws Exception {
        var report = new ReportSource(Optional.empty(), Optional.empty(), "records", HtmlReportTest.records(), Optional.empty(), "records.jsonl")
                .report(device -> new ReportSource.KnownCeilings(Optional.empty(), "none"));
        Path input = Files.writeString(dir.resolve("records.jsonl"), "{}\n");
        Path written = ReportSource.write(report, dir.resolve("report.html"), SafeWrite.sparing(List.of(input)));
        assertThat(written).isAbsolute();
        assertThat(Files.readString(written)).startsWith("<!DOCTYPE html>");
        assertThatThrownBy(() -> ReportSource.write(report, input, SafeWrite.sparing(List.of(input)))).isInstanceOf(SafeWrite.WriteException.class);
        assertThat(Files.readString(input)).isEqualTo("{}\n");
    }
}
