package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Builder;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** measure.device_ids pins each config to the listed CPUs in turn; measure.warmup counts calls. */
@EnabledOnOs(OS.LINUX)
@IntegrationTest
class DevicesAndWarmupTest {

    @TempDir
    Path dir;

    private static final String CONFIGS = config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
            + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
            + config("Body", "for (int i = n - 1; i >= 0; i--) y[i] = x[i] * 2.0f;");

    private Project project(String measureLines) throws Exception {
        String text = TestProject.scaleProject(CONFIGS).replace("repeat = 3", "repeat = 3\n" + measureLines);
        return ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
    }

    private List<TuningRecord> tune(Project project) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records-" + System.nanoTime() + ".jsonl"))) {
            return new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(false).build()).run(file, e -> { });
        }
    }

    @Test
    void eachConfigIsMeasuredOnTheNextListedCpuAndTheRecordSaysWhich() throws Exception {
        var allowed = new ArrayList<>(Affinity.allowedCpus()).reversed();
        String ids = allowed.stream().map(String::valueOf).collect(Collectors.joining(", "));
        var records = tune(project("device_ids = [" + ids + "]"));
        var expected = new ArrayList<Integer>();
        for (int i = 0; i < records.size(); i++) expected.add(allowed.get(i % allowed.size()));
        assertThat(records).hasSize(3).extracting(TuningRecord::pinnedCpu).containsExactlyElementsOf(expected);
    }

    @Test
    void aCpuTheProcessMayNotUseIsRefusedBeforeAnythingRuns() throws Exception {
        int notAllowed = Affinity.allowedCpus().last() + 1;
        assertThatThrownBy(() -> tune(project("device_ids = [" + notAllowed + "]")))
                .isInstanceOf(TuningException.class)
                .hasMessage("measure.device_ids: CPU " + notAllowed + " is not one this process may run on (allowed: "
                        + Affinity.cpuList(Affinity.allowedCpus()) + ")");
    }

    @Test
    void cpuListsReadAndWriteAsTheKernelWritesThem() {
        assertThat(Affinity.parseCpuList(" 0-3,8,10-11\n")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(Affinity.cpuList(List.of(11, 0, 1, 2, 3, 8, 10))).isEqualTo("0-3,8,10-11");
        assertThat(Affinity.allowedCpus()).isNotEmpty();
    }

    @Test
    void aWarmUpGivenInCallsMakesExactlyThatManyCalls() throws Exception {
        Project project = project("");
        var settings = project.measure().withWarmupCalls(7);
        var builder = new Builder(dir.resolve("cache"), project.build(), Toolchain.of(project.build().command()), dir);
        var launcher = Launcher.of(project.kernel().language(), "scale.c", project.kernel().entry(), project.inputs().args(), settings.seed());
        BuildResult built = builder.build("scale.c", TestProject.SCALE_KERNEL, launcher, new ChildProcess());
        assertThat(built).as(built.log()).isInstanceOf(BuildResult.Built.class);
        RunOutcome outcome = new DeviceRunner().run(((BuildResult.Built) built).program(), dir.resolve("out"), settings, new ChildProcess());
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Measured.class, m -> assertThat(m.timing().warmupCalls()).isEqualTo(7));
        RunOutcome none = new DeviceRunner().run(((BuildResult.Built) built).program(), dir.resolve("out2"), settings.withWarmupCalls(0),
                new ChildProcess());
        assertThat(none).isInstanceOfSatisfying(RunOutcome.Measured.class, m -> assertThat(m.timing().warmupCalls()).isZero());
    }
}
