package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.tiers.IntegrationTest;

/** A kernel without a single marker, tuned as Kernel Tuner tunes it: each parameter a #define written before it. */
@org.junit.jupiter.api.Timeout(300)
@IntegrationTest
class InjectedDefinesTest {

    @TempDir
    Path dir;

    private static final String KERNEL = """
            void scale(int n, const float *x, float *y) {
                for (int i = 0; i < n; i += UNROLL)
                    for (int u = 0; u < UNROLL && i + u < n; u++) y[i + u] = FACTOR * x[i + u];
            #if UNROLL == 3
                this line does not compile;
            #endif
            }
            void reference(int n, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];
            }
            """;

    private static final String PROJECT = """
            [kernel]
            source = "scale.c"
            entry = "scale"
            inject = "defines"
            [sizes]
            n = 1000
            [[args]]
            name = "n"
            scalar = "int"
            value = "n"
            [[args]]
            name = "x"
            buffer = "f32[n]"
            init = "random(-1, 1)"
            [[args]]
            name = "y"
            buffer = "f32[n]"
            output = true
            [golden]
            function = "reference"
            [measure]
            repeat = 2
            warmup_ms = 0
            min_sample_ms = 1
            [space]
            UNROLL = [1, 2, 3, 4]
            FACTOR = ["2.0f"]
            constraints = ["UNROLL in [1, 3, 4]"]
            """;

    @Test
    void everyParameterIsInjectedAndACompileErrorNamesTheKernelsOwnLine() throws Exception {
        Files.writeString(dir.resolve("scale.c"), KERNEL);
        Files.writeString(dir.resolve("project.toml"), PROJECT);
        Project project = ProjectFile.load(dir.resolve("project.toml"));
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, e -> { });
        }
        assertThat(records).hasSize(3);
        for (TuningRecord r : records) {
            if (r.configValues().values().get("UNROLL").equals("3")) {
                assertThat(r.status()).isEqualTo(Status.COMPILE_ERROR);
                assertThat(r.diagnostics()).filteredOn(Diagnostic::inKernel).extracting(Diagnostic::line).contains(5);
            } else {
                assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
            }
        }
    }

    @Test
    void applyBestKeepsTheInjectedParametersAsMarkedDefinesWhichTheNextRunChangesInPlace() throws Exception {
        Files.writeString(dir.resolve("scale.c"), KERNEL);
        Files.writeString(dir.resolve("project.toml"), PROJECT.replace("UNROLL = [1, 2, 3, 4]", "UNROLL = [4]"));
        Project project = ProjectFile.load(dir.resolve("project.toml"));
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { });
        }
        var out = new java.io.StringWriter();
        var err = new java.io.StringWriter();
        int code = org.tuningworkbench.engine.cli.Cli.execute(new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true),
                "apply-best", dir.toString());
        assertThat(code).as(err.toString()).isZero();
        String applied = Files.readString(dir.resolve("scale.c"));
        assertThat(applied).startsWith("#define UNROLL 4 // tunable\n#define FACTOR 2.0f // tunable\n" + KERNEL.lines().findFirst().orElseThrow());
        assertThat(ProjectFile.load(dir.resolve("project.toml")).kernel().tunableSource(applied).parameters()).containsKeys("UNROLL", "FACTOR");
    }
}
