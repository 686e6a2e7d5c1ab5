package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** A config clearly slower than the best so far stops sampling; the contenders get every sample. */
@IntegrationTest
class RacingTest {

    @TempDir
    Path dir;

    private static final String FAST = "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];";
    /** The same result, computed forty times over: far slower than the fast one. */
    private static final String SLOW = "for (int r = 0; r < 40; r++) for (int i = 0; i < n; i++) y[i] = 2.0f * ((volatile const float *) x)[i];";

    /**
     * {@code body} after spinning {@code firstMs} of the thread's CPU time on the first call and {@code everyMs} on every call: a
     * call's length is then set by its CPU time, whatever the machine's load.
     */
    private static String spinning(String body, double firstMs, double everyMs) {
        return ("{ static int calls; long spin_ns = (calls++ == 0 ? %d : 0) + %d; struct timespec t0, t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);"
                + " do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < spin_ns); %s }")
                .formatted((long) (firstMs * 1e6), (long) (everyMs * 1e6), body);
    }

    /**
     * The fast config then the slow one, nine samples each unless raced out; {@code measure} goes into the project's [measure].
     * The fast one's verified call is slow (a cold start far longer than its samples), so the slow one races on its samples.
     */
    private Project project(String measure) throws Exception {
        return project(spinning(FAST, 5, 0), SLOW, measure);
    }

    private Project project(String fast, String slow, String measure) throws Exception {
        // In the order listed: the first config is the best the second races against.
        String text = TestProject.measuredAsListed(TestProject.scaleProject(config("Body", fast) + config("Body", slow)).replace("repeat = 3", "repeat = 9\n" + measure));
        return ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
    }

    /** The share of a call's wall time on a CPU that racing on one call needs, as the harness's TW_RACE_FIRST_CALL_CPU_SHARE. */
    private static final double RACING_NEEDS_CPU_SHARE = 0.9;

    private static final String BUSY = "the machine never gave the measured calls a core of their own in 8 tries (CPU share under "
            + RACING_NEEDS_CPU_SHARE + "): what racing decides from one call cannot be checked under this load";

    /** Whether any config of a try shared its core: its samples were on a CPU for less than racing on one call needs. */
    private static boolean busy(List<TuningRecord> tried) {
        return tried.stream().anyMatch(r -> r.cpuShare() != null && r.cpuShare() < RACING_NEEDS_CPU_SHARE);
    }

    private List<TuningRecord> tune(Project project, Racing racing) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            return new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(false).racing(racing).build())
                    .run(file, e -> { });
        }
    }

    @Test
    void aClearlySlowerConfigStopsAfterItsFirstSampleAndSaysWhy() throws Exception {
        List<TuningRecord> raced = tune(project(""), null);
        assertThat(raced.get(0).samplesUs()).hasSize(9);
        assertThat(raced.get(0).timing().stopped()).isNull();
        assertThat(raced.get(1).ok()).isTrue();
        assertThat(raced.get(1).samplesUs()).hasSize(1);
        assertThat(raced.get(1).samplesUs().getFirst()).isGreaterThan(raced.get(0).maxUs());
        assertThat(raced.get(1).timing().stopped())
                .startsWith("raced out after 1 sample: its sample ")
                .contains("is slower than the best's slowest sample (an outlier aside), ");
        // Between the two, the machine's own steadiness verdict ("unsteady" on a busy host) may stand in the status.
        assertThat(JudgedStatus.of(raced.get(1)).text()).startsWith("ok · ").endsWith("raced out");

        List<TuningRecord> full = tune(project(""), Racing.OFF);
        assertThat(full).allSatisfy(r -> assertThat(r.samplesUs()).hasSize(9));
    }

    @Test
    void aConfigWhoseVerifiedCallIsPastTheMarginTakesNoSamples() throws Exception {
        // Calls of 3 and 9 ms of CPU time, the verified call as long as the others: the slow one's verified call says enough.
        Project project = project(spinning(FAST, 0, 3), spinning(FAST, 0, 9), "");
        // The verified call races only when it had its core to itself; on a busy machine a try may fall back to the samples' rule.
        TuningRecord slow = null;
        boolean everyTryBusy = true;
        for (int attempt = 0; attempt < 8 && (slow == null || !slow.samplesUs().isEmpty()); attempt++) {
            List<TuningRecord> tried = tune(project, null);
            slow = tried.get(1);
            everyTryBusy &= busy(tried);
        }
        assumeFalse(!slow.samplesUs().isEmpty() && everyTryBusy, BUSY);
        assertThat(slow.ok()).isTrue();
        assertThat(slow.samplesUs()).isEmpty();
        assertThat(slow.firstCallUs()).isGreaterThan(8000);
        assertThat(slow.medianUs()).isEqualTo(slow.firstCallUs());
        assertThat(slow.cv()).isNull();
        assertThat(slow.samplesText()).isEqualTo("verified call only");
        assertThat(slow.timing().stopped()).startsWith("raced out on its verified call, before any sample: it took ")
                .contains("past 1.30× the best's verified call, ");
        assertThat(JudgedStatus.of(slow).text()).startsWith("ok · ").endsWith("raced out");
    }

    @Test
    void aConfigClearlyAheadOfTheBestStopsAfterThreeSamplesAsTheNewBest() throws Exception {
        // Calls of 9 ms of CPU time, then of 3: every one of the second's samples is faster than any of the first's.
        List<TuningRecord> raced = tune(project(spinning(FAST, 0, 9), spinning(FAST, 0, 3), ""), null);
        assertThat(raced.get(0).samplesUs()).hasSize(9);
        TuningRecord ahead = raced.get(1);
        assertThat(ahead.samplesUs()).hasSize(Racing.SETTLED_SAMPLES);
        assertThat(ahead.maxUs()).isLessThan(raced.get(0).minUs());
        assertThat(ahead.timing().stopped()).startsWith("ahead of the best after 3 samples: its slowest ")
                .contains("is faster than the best's fastest sample, ");
        assertThat(ahead.timing().stopRule()).isEqualTo(Racing.Stop.AHEAD);
        assertThat(JudgedStatus.of(ahead).text()).startsWith("ok · ").endsWith("stopped ahead");
        assertThat(Ranking.of(raced).best()).contains(ahead);
    }

    @Test
    void aConfigWhoseMedianOfThreeIsPastTheBestsSlowestSampleStopsThere() throws Exception {
        // The second config's verified call and first sample are faster than the best's (so its fastest sample never races it
        // out); its next ones are 1.2 times slower: within the margin, past every sample of the best. Spinning on CPU time holds
        // the lengths under load, but a busy machine may stretch the best's wall time over them: a try may then take every sample.
        String later = "{ static int calls; long spin_ns = ++calls <= 2 ? 2500000 : 3600000; struct timespec t0, t;"
                + " clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0); do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);"
                + " while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < spin_ns); " + FAST + " }";
        Project project = project(spinning(FAST, 0, 3), later, "");
        TuningRecord second = null;
        boolean everyTryBusy = true;
        for (int attempt = 0; attempt < 8 && (second == null || second.samplesUs().size() != Racing.SETTLED_SAMPLES); attempt++) {
            List<TuningRecord> tried = tune(project, null);
            second = tried.get(1);
            everyTryBusy &= busy(tried);
        }
        assumeFalse(second.samplesUs().size() != Racing.SETTLED_SAMPLES && everyTryBusy, BUSY);
        assertThat(second.samplesUs()).hasSize(Racing.SETTLED_SAMPLES);
        assertThat(second.timing().stopRule()).isEqualTo("median");
        assertThat(second.timing().stopped()).startsWith("raced out after 3 samples: its median ")
                .contains("is slower than the best's slowest sample (an outlier aside), ");
        // Its samples spread by a fifth: noisy, too.
        assertThat(JudgedStatus.of(second).text()).endsWith(" · raced out");
    }

    @Test
    void theBestsSlowestSampleSetsAnOutlierAside() {
        assertThat(Racing.slowestUsual(new double[] {130, 131, 167, 130, 132, 133, 131})).isEqualTo(133);
        assertThat(Racing.slowestUsual(new double[] {130, 131, 136, 132, 134})).isEqualTo(136);
        // Too few samples for quartiles: the slowest.
        assertThat(Racing.slowestUsual(new double[] {130, 131, 167})).isEqualTo(167);
        assertThat(new Racing(true, 1.3, 1).reason(new Racing.Stop("median", 100, 90, 120, 0), 150, new double[] {125, 110, 130}))
                .isEqualTo("raced out after 3 samples: its median 125.0 µs is slower than the best's slowest sample (an outlier aside), 120.0 µs");
    }

    @Test
    void theBestsVerifiedCallRacesOnlyWhenItTookAboutAsLongAsItsSamplesAndAMillisecondOrMore() {
        assertThat(Racing.Best.of(10_000, 9_000, 12_000, 11_000.0).firstCallUs()).isEqualTo(11_000);
        assertThat(Racing.Best.of(10_000, 9_000, 12_000, 12_600.0).firstCallUs()).isZero();
        assertThat(Racing.Best.of(10_000, 9_000, 12_000, null).firstCallUs()).isZero();
        // Under a millisecond, one interrupt is a large share of a call.
        assertThat(Racing.Best.of(100, 90, 120, 110.0).firstCallUs()).isZero();
        assertThat(new Racing(true, 1.3, 1).environment(Racing.Best.of(10_000, 9_000, 12_000, 11_000.0))).containsEntry("TW_RACE_BEST_FIRST_NS", "11000000.000");
        assertThat(new Racing(true, 1.3, 1).environment(Racing.Best.of(10_000, 9_000, 12_000, 30_000.0))).doesNotContainKey("TW_RACE_BEST_FIRST_NS");
    }

    @Test
    void theProjectSaysHowItRacesAndTheCommandLineMaySayOtherwise() throws Exception {
        Project three = project("race_min_samples = 3");
        assertThat(three.measure().racing()).isEqualTo(new Racing(true, 1.3, 3));
        assertThat(tune(three, null).get(1).samplesUs()).hasSize(3);

        Project off = project("racing = false");
        assertThat(tune(off, null)).allSatisfy(r -> assertThat(r.samplesUs()).hasSize(9));

        Path records = dir.resolve("cli-records.jsonl");
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true),
                "tune", off.file().toString(), "--fresh", "--racing", "on", "--cache-dir", dir.resolve("cache").toString(), "--records", records.toString());
        assertThat(code).isZero();
        assertThat(Files.readString(records)).contains("raced out after 1 sample");
    }

    @Test
    void aWrongRacingSettingNamesTheKeyAndWhy() {
        assertThatThrownBy(() -> project("race_margin = 0.5"))
                .isInstanceOf(ProjectException.class)
                .hasMessageContaining("race_margin").hasMessageContaining("0.5 is outside its range: 1 to 1,000");
        assertThatThrownBy(() -> project("race_min_samples = 0"))
                .isInstanceOf(ProjectException.class)
                .hasMessageContaining("race_min_samples");
        assertThatThrownBy(() -> project("racing = \"yes\""))
                .isInstanceOf(ProjectException.class)
                .hasMessageContaining("`racing` must be true or false");
    }

    @Test
    void aRecordSaysWhichRuleStoppedItAndAgainstWhat() {
        Racing racing = new Racing(true, 1.3, 3);
        assertThat(racing.reason(new Racing.Stop("interval", 100, 90, 120, 0), 150, new double[] {130, 125, 140}))
                .isEqualTo("raced out after 3 samples: its fastest 125.0 µs is slower than the best's slowest sample (an outlier aside), 120.0 µs");
        assertThat(racing.reason(new Racing.Stop("margin", 100, 90, 400, 0), 150, new double[] {150, 160, 90}))
                .isEqualTo("raced out after 3 samples: its median 150.0 µs is past 1.30× the best's median, 100.0 µs");
        assertThat(racing.reason(new Racing.Stop(Racing.Stop.VERIFIED_CALL, 100, 90, 120, 110), 250, new double[0]))
                .isEqualTo("raced out on its verified call, before any sample: it took 250.0 µs, past 1.30× the best's verified call, 110.0 µs");
        assertThat(racing.reason(new Racing.Stop(Racing.Stop.AHEAD, 100, 90, 120, 0), 70, new double[] {60, 75, 70}))
                .isEqualTo("ahead of the best after 3 samples: its slowest 75.00 µs is faster than the best's fastest sample, 90.00 µs");
        assertThat(racing.environment(new Racing.Best(100, 90, 120, 0)))
                .isEqualTo(Map.of("TW_RACE_BEST_NS", "100000.000", "TW_RACE_BEST_SLOWEST_NS", "120000.000", "TW_RACE_BEST_FASTEST_NS", "90000.000",
                        "TW_RACE_SETTLED_SAMPLES", "3", "TW_RACE_MARGIN", "1.3", "TW_RACE_MIN_SAMPLES", "3"));
        assertThat(Racing.OFF.environment(new Racing.Best(100, 90, 120, 110))).isEmpty();
        assertThatThrownBy(() -> new Racing.Best(100, 110, 120, 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fastest");
        assertThat(racing.environment(null)).isEmpty();
    }
}
