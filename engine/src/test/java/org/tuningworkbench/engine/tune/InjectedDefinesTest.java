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
import org.tuningworkbench.fixtures.ProjectToml;
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

    /** The project of {@link #KERNEL}, each parameter injected, with {@code unroll} as the values UNROLL may take. */
    private static ProjectToml project(List<Integer> unroll) {
        return ProjectToml.kernel("scale.c", "scale").set("inject", "defines").size("n", 1000).scaleArgs().goldenFunction("reference").quickMeasure(2)
                .table("space").set("UNROLL", unroll).set("FACTOR", List.of("2.0f")).set("constraints", List.of("UNROLL in [1, 3, 4]"));
    }

    @Test
    void everyParameterIsInjectedAndACompileErrorNamesTheKernelsOwnLine() throws Exception {
        Files.writeString(dir.resolve("scale.c"), KERNEL);
        Project project = ProjectFile.load(project(List.of(1, 2, 3, 4)).write(dir));
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
        Project project = ProjectFile.load(project(List.of(4)).write(dir));
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
