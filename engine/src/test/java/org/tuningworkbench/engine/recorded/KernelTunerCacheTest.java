package org.tuningworkbench.engine.recorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

class KernelTunerCacheTest {

    @TempDir
    Path dir;

    @Test
    void readsTheSpaceItsParametersAndEveryConfigWithEverySampleInMicroseconds() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));

        assertThat(space.name()).isEqualTo("kt-small");
        assertThat(space.deviceName()).isEqualTo("Test GPU 1000");
        assertThat(space.kernelName()).isEqualTo("vector_add");
        assertThat(space.objective()).isEqualTo("time");
        assertThat(space.parameters()).containsExactly(
                new Parameter("block_size_x", Parameter.Kind.INTEGER, List.of("16", "32", "64")),
                new Parameter("tile_size", Parameter.Kind.INTEGER, List.of("1", "2", "4")));
        assertThat(space.records()).hasSize(6);
        assertThat(space.validCount()).isEqualTo(3);

        TuningRecord first = space.records().getFirst();
        assertThat(first.config()).containsExactly(Map.entry("block_size_x", "16"), Map.entry("tile_size", "1"));
        assertThat(first.status()).isEqualTo(Status.OK);
        assertThat(first.samplesUs()).containsExactly(1000.0, 3000.0, 2000.0);
        assertThat(first.medianUs()).isEqualTo(2000.0);
    }

    @Test
    void aConfigWithoutTimesCountsItsTimeAsItsOneSample() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        TuningRecord r = space.lookup(config("16", "2")).orElseThrow();
        assertThat(r.samplesUs()).containsExactly(1500.0);
        assertThat(r.medianUs()).isEqualTo(1500.0);
    }

    @Test
    void theOptimumIsTheBestMedianNotTheBestMean() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        // 32,1: times 1.1, 0.9, 1.0, 1.0 ms: median 1.0 ms.
        assertThat(space.optimum()).isCloseTo(1000.0, within(1e-9));
    }

    @Test
    void failedConfigsKeepTheirFailureAsStatusAndError() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        assertThat(space.lookup(config("32", "2")).orElseThrow().outcome())
                .isEqualTo(new TuningRecord.Outcome(Status.COMPILE_ERROR, "CompilationFailedConfig", null));
        assertThat(space.lookup(config("64", "1")).orElseThrow().outcome())
                .isEqualTo(new TuningRecord.Outcome(Status.CRASH, "RuntimeFailedConfig", null));
        assertThat(space.lookup(config("64", "4")).orElseThrow().outcome())
                .isEqualTo(new TuningRecord.Outcome(Status.INVALID_CONFIG, "InvalidConfig", null));
        assertThat(space.lookup(config("64", "4")).orElseThrow().samplesUs()).isEmpty();
        assertThat(KernelTunerCache.status("SomeNewFailure")).isEqualTo(Status.INVALID_CONFIG);
    }

    @Test
    void theSpaceHoldsTheConfigsOfTheFileAndNoneTheConstraintsExcluded() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        assertThat(space.space().combinations()).isEqualTo(9);
        assertThat(space.space().size()).isEqualTo(6);
        assertThat(space.space().contains(config("32", "2"))).isTrue();
        assertThat(space.space().contains(config("16", "4"))).isFalse();
        assertThat(space.lookup(config("16", "4"))).isEmpty();
        assertThat(space.space().list()).extracting(Config::key)
                .containsExactlyElementsOf(space.records().stream().map(r -> r.configValues().key()).toList());
    }

    @Test
    void lookupIgnoresTheOrderTheValuesAreGivenIn() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        var reversed = new java.util.LinkedHashMap<String, String>();
        reversed.put("tile_size", "1");
        reversed.put("block_size_x", "32");
        assertThat(space.lookup(new Config(reversed)).orElseThrow().medianUs()).isCloseTo(1000.0, within(1e-9));
    }

    @Test
    void aCacheBeforeItsParametersIsReadAndRealAndTextValuesStayAsWritten() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-cache-first.json"));
        assertThat(space.parameters()).containsExactly(
                new Parameter("scale", Parameter.Kind.REAL, List.of("0.5", "1.5")),
                new Parameter("variant", Parameter.Kind.CATEGORICAL, List.of("a", "b")));
        assertThat(space.records()).extracting(TuningRecord::config)
                .containsExactly(Map.of("scale", "1.5", "variant", "a"), Map.of("scale", "0.5", "variant", "b"));
        assertThat(space.optimum()).isEqualTo(250.0);
    }

    @Test
    void readsTheGzipCompressedFileAndTellsGzipByItsBytesNotItsName() throws Exception {
        Path gz = Fixtures.gzip(Fixtures.file("kt-small.json"), dir.resolve("kt-small.json.gz"));
        Path disguised = Fixtures.gzip(Fixtures.file("kt-small.json"), dir.resolve("disguised.json"));
        RecordedSpace plain = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        assertThat(KernelTunerCache.read(gz).name()).isEqualTo("kt-small");
        assertThat(KernelTunerCache.read(gz).records()).isEqualTo(plain.records());
        assertThat(KernelTunerCache.read(disguised).records()).isEqualTo(plain.records());
    }

    @Test
    void aTruncatedGzipFileIsAClearErrorNamingTheFile() throws Exception {
        Path gz = Fixtures.gzip(Fixtures.file("kt-small.json"), dir.resolve("whole.json.gz"));
        byte[] bytes = Files.readAllBytes(gz);
        Path cut = Files.write(dir.resolve("cut.json.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> KernelTunerCache.read(cut))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageStartingWith(cut.toString())
                .hasMessageContaining("gzip data is damaged or cut short");
    }

    @Test
    void aListOfTimesHoldingTextIsAnErrorAtTheConfigsLine() {
        assertThatThrownBy(() -> KernelTunerCache.read(Fixtures.file("kt-times-not-numbers.json")))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageContaining("kt-times-not-numbers.json, line 9, column 1: config `32,1`: `times` must be a list of numbers (ms), but holds a string")
                .satisfies(e -> assertThat(((RecordedSpaceException) e).line()).isEqualTo(9));
    }

    @Test
    void missingKeysWrongTypesAndUnknownValuesAreClearErrors() {
        assertProblem("kt-no-tune-params-keys.json", 0, "not a Kernel Tuner cache: it has no `tune_params_keys`");
        assertProblem("kt-keys-not-a-list.json", 4, "`tune_params_keys` must be a list of parameter names");
        assertProblem("kt-config-without-value.json", 9, "config `32,2` has no value for `tile_size`");
        assertProblem("kt-value-not-listed.json", 9, "config `48`: `block_size_x` = 48 is not one of the values `tune_params` lists for it");
        assertProblem("kt-no-time.json", 9, "config `32` has neither `times` nor `time`");
    }

    @Test
    void brokenOrCutShortJsonIsAnErrorWithJacksonsLineAndColumn() {
        assertThatThrownBy(() -> KernelTunerCache.read(Fixtures.file("kt-broken-json.json")))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageContaining("kt-broken-json.json, line 9, column 1: not valid JSON: Unexpected character ('\"'");
        assertThatThrownBy(() -> KernelTunerCache.read(Fixtures.file("kt-cut-short.json")))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageContaining("kt-cut-short.json, line 9")
                .hasMessageContaining("the cache ends inside config `16,1`: an interrupted run cut it");
    }

    @Test
    void aCacheLeftOpenByAnInterruptedRunHoldsTheEntriesWrittenBeforeItEnds() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-open.json"));
        assertThat(space.records()).extracting(r -> r.config().get("block_size_x")).containsExactly("16", "32");
        assertThat(space.records().getLast().samplesUs()).containsExactly(1500.0, 1500.0);
    }

    @Test
    void theSpaceIsRankedByItsOwnObjectiveInItsOwnDirection() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-score.json"));
        assertThat(space.objective()).isEqualTo("score");
        assertThat(space.ranking().objective().higherIsBetter()).isTrue();
        assertThat(space.ranking().ranked(space.records())).extracting(r -> r.config().get("block_size_x")).containsExactly("32", "16", "64");
        assertThat(space.lookup(new Config(Map.of("block_size_x", "64"))).orElseThrow().status()).isEqualTo(Status.CRASH);
    }

    @Test
    void kernelTunersTimeIsTheFilesTimeNotTheMedianOfTimes() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-mean-not-median.json"));
        assertThat(space.ranking().describe()).isEqualTo("the file's objective `time` (lower is better)");
        assertThat(space.ranking().ranked(space.records())).extracting(r -> r.config().get("block_size_x")).containsExactly("32", "16");
        assertThat(space.optimum()).isEqualTo(1000.0);
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nothing.json.gz");
        assertThatThrownBy(() -> KernelTunerCache.read(missing))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessage(missing + ": there is no such file");
    }

    private static void assertProblem(String fixture, int line, String problem) {
        assertThatThrownBy(() -> KernelTunerCache.read(Fixtures.file(fixture)))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageStartingWith(Fixtures.file(fixture).toString())
                .satisfies(e -> {
                    var r = (RecordedSpaceException) e;
                    assertThat(r.problem()).isEqualTo(problem);
                    assertThat(r.line()).isEqualTo(line);
                    assertThat(r.file()).isEqualTo(Fixtures.file(fixture));
                });
    }

    private static Config config(String block, String tile) {
        var values = new java.util.LinkedHashMap<String, String>();
        values.put("block_size_x", block);
        values.put("tile_size", tile);
        return new Config(values);
    }

    @Test
    void aZeroOrOverflowingTimeIsRefusedWhereItIs() throws Exception {
        String cache = Files.readString(Fixtures.file("kt-small.json"));
        for (String time : List.of("0.0", "1e306", "-1.0")) {
            Path file = Files.writeString(dir.resolve("kt-" + time + ".json"), cache.replace("\"time\": 1.5,", "\"time\": " + time + ","));
            assertThatThrownBy(() -> KernelTunerCache.read(file)).as(time).isInstanceOf(RecordedSpaceException.class)
                    .hasMessageContaining("config `16,2`").hasMessageContaining("ms cannot be (times are positive and finite)");
        }
    }
}
