package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;

/** A problem-size sweep of the bundled linear-relu example: its configs at each value of a size, compiled and measured. */
class SizeSweepTest {

    @TempDir
    Path dir;

    /** One short sample a config and size, no warm-up: the sweep's shape is under test, not its times. */
    private static final UnaryOperator<MeasureSettings> QUICK = m -> m.withRepeat(1).withWarmupMs(0).withMinSampleMs(1);

    private Path example() throws IOException {
        Path copy = dir.resolve("linear-relu");
        Files.createDirectories(copy);
        try (var files = Files.list(Path.of("..", "examples", "linear-relu").toAbsolutePath().normalize())) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().endsWith(".jsonl")).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        return copy.resolve("project.toml");
    }

    private SizeSweep sweep(Path file, String size, List<Long> values, int... numbers) throws ProjectException {
        Project project = ProjectFile.load(file);
        var configs = new ArrayList<Config>();
        var numbered = new ArrayList<Integer>();
        for (int n : numbers) {
            configs.add(project.candidates().listed().get(n - 1));
            numbered.add(n);
        }
        return new SizeSweep(file, Map.of(), size, values, configs, numbered, TuneOptions.defaults(dir.resolve("cache")), QUICK);
    }

    @Test
    void measuresEachChosenConfigAtEachValueAndRecordsItWithItsSize() throws Exception {
        Path file = example();
        var steps = new ArrayList<SizeSweep.Step>();
        SizeSweep.Result result;
        try (RecordFile records = RecordFile.open(dir.resolve("sweep.jsonl"))) {
            result = sweep(file, "batch", List.of(16L, 4L, 16L), 1, 3).run(records, steps::add);
        }
        assertThat(result.size()).isEqualTo("batch");
        assertThat(result.values()).containsExactly(4L, 16L);
        assertThat(result.lines()).extracting(SizeSweep.Line::number).containsExactly(1, 3);
        for (SizeSweep.Line line : result.lines()) {
            assertThat(line.records().keySet()).containsExactly(4L, 16L);
            for (long value : result.values()) {
                TuningRecord r = line.at(value).orElseThrow();
                assertThat(r.ok()).as(r.status().label()).isTrue();
                assertThat(r.configValues().key()).isEqualTo(line.config().key());
                assertThat(r.setting().sizes()).containsEntry("batch", value);
                // The work follows the size: GFLOP/s is worked out at each value.
                assertThat(r.gflops()).isPositive();
            }
        }
        // Racing off: every config has its samples at every size.
        assertThat(result.lines()).allSatisfy(l -> assertThat(l.records().values()).allSatisfy(r -> assertThat(r.timing().samplesUs()).hasSize(1)));
        assertThat(steps).filteredOn(s -> s.event() instanceof TuningEvent.Started).extracting(SizeSweep.Step::value).containsExactly(4L, 16L);
        assertThat(RecordFile.read(dir.resolve("sweep.jsonl"))).hasSize(4);

        // Run again: every config and size is recorded already, and nothing is measured again.
        var again = new ArrayList<SizeSweep.Step>();
        try (RecordFile records = RecordFile.open(dir.resolve("sweep.jsonl"))) {
            sweep(file, "batch", List.of(4L, 16L), 1, 3).run(records, again::add);
        }
        assertThat(again).filteredOn(s -> s.event() instanceof TuningEvent.Finished).allSatisfy(s -> assertThat(((TuningEvent.Finished) s.event()).resumed()).isTrue());
        assertThat(RecordFile.read(dir.resolve("sweep.jsonl"))).hasSize(4);
    }

    @Test
    void aSizeTheProjectDoesNotHaveIsTheProjectFilesErrorBeforeAnythingIsMeasured() throws Exception {
        Path file = example();
        try (RecordFile records = RecordFile.open(dir.resolve("sweep.jsonl"))) {
            assertThatThrownBy(() -> sweep(file, "rows", List.of(4L, 16L), 1).run(records, s -> { }))
                    .isInstanceOf(ProjectException.class).hasMessageContaining("cannot set size `rows`");
        }
        assertThat(RecordFile.read(dir.resolve("sweep.jsonl"))).isEmpty();
    }

    @Test
    void valuesAreWholeNumbersOfAtLeastOneAndABadOneIsNamed() {
        assertThat(SizeSweep.values("64,128, 256")).containsExactly(64L, 128L, 256L);
        assertThat(SizeSweep.values("1_024 4096")).containsExactly(1024L, 4096L);
        assertThatThrownBy(() -> SizeSweep.values("64,1e3")).hasMessageContaining("`1e3` is not a whole number");
        assertThatThrownBy(() -> SizeSweep.values("64,0")).hasMessageContaining("`0`: a size is at least 1");
        assertThatThrownBy(() -> SizeSweep.values(" , ")).hasMessageContaining("no value given");
    }

    private record Output(int code, String out, String err) {}

    private Output cli(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Output(code, out.toString(), err.toString());
    }

    @Test
    void theCommandPrintsOneRowPerValueAndOneColumnPerConfigAndNamesWhatIsWrongInItsArguments() throws Exception {
        Path file = example();
        String cache = "--cache-dir=" + dir.resolve("cache");
        Output ok = cli("sweep", cache, "--size", "batch=4,8", "--configs", "2", "--repeat", "1", file.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        var lines = ok.out().lines().toList();
        assertThat(lines.get(0)).matches("batch\\s+No\\.2");
        assertThat(lines.get(1)).matches("4\\s+[\\d.]+ (µs|ms|s) \\d+\\.\\d GFLOP/s");
        assertThat(lines.get(2)).startsWith("8 ");
        assertThat(lines.get(3)).isEqualTo("Records: " + dir.resolve("linear-relu").resolve("sweep.jsonl"));

        assertThat(cli("sweep", "--size", "batch", file.toString()).err()).contains("--size takes SIZE=V,V,...");
        assertThat(cli("sweep", "--size", "batch=4", "--configs", "9", file.toString()).err()).contains("there is no No.9 (the project lists No.1 to No.5)");
        assertThat(cli("sweep", "--size", "batch=4", "--best", "2", file.toString()).err()).contains("records.jsonl does not exist");
        Output unknown = cli("sweep", cache, "--size", "rows=4", file.toString());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("cannot set size `rows`");
    }
}
