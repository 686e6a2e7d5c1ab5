package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.verify.Verification;

class TuningRecordBuilderTest {

    /** A record with every part set, each to a value no default gives. */
    private static TuningRecord full() {
        return TuningRecord.builder().schema(2).runId("run-7").trial(3).strategy("model").seed(11L).time("2026-01-01T00:00:00Z").project("p")
                .config(Map.of("BM", "32")).baseline("OpenBLAS").identity(new TuningRecord.Identity("src", "setup", "gcc 14", "cpu", "host"))
                .outcome(new TuningRecord.Outcome(Status.CRASH, "boom", 11))
                .timing(TuningRecord.Timing.ofSamples(List.of(1.0, 2.0), 4L).withFirstCallUs(3.0).withRunMs(9.0))
                .statistics(new TuningRecord.Statistics(1.5, 1.0, 2.0, 1.5, 0.5, 0.3, true, 2.0, 3.0))
                .steadiness(new TuningRecord.Steadiness(1.0, 2.0, 3.0, true, 1))
                .builtWith(new TuningRecord.Build(12.0, true, List.of(new Diagnostic(Diagnostic.Severity.WARNING, true, 3, 7, "unused"))))
                .verification(new Verification(Verification.Status.PASS, 0, 0, 0, -1, null, null)).log("log").name("cpp_packed_gemm_0")
                .library(new BlasLibrary("Haswell", "OpenBLAS 0.3", List.of(""))).setting(new TuningRecord.Setting(Map.of("n", 8L), 1.0, null, 3, 2.0))
                .confirmation(new ConfirmedFigures("t", "time", null, 1, 2, 2, List.of(1.0), List.of(1.0), 1.0, 1.0))
                .build();
    }

    @Test
    void aCopyHoldsEveryPartAndChangesOnlyWhatIsSet() {
        TuningRecord record = full();
        assertThat(record.toBuilder().build()).isEqualTo(record);
        for (RecordComponent c : TuningRecord.class.getRecordComponents()) {
            assertThat(read(c, record)).as(c.getName()).isNotNull();
        }
        TuningRecord renamed = record.toBuilder().name("other").build();
        assertThat(renamed.name()).isEqualTo("other");
        assertThat(renamed.toBuilder().name(record.name()).build()).isEqualTo(record);
    }

    @Test
    void everyPartOfARecordCanBeSetByName() {
        var setters = Arrays.stream(TuningRecordBuilder.class.getMethods()).map(Method::getName).toList();
        for (RecordComponent c : TuningRecord.class.getRecordComponents()) {
            assertThat(setters).as(c.getName()).contains(c.getName().equals("build") ? "builtWith" : c.getName());
        }
    }

    @Test
    void aRecordBuiltFromNothingIsOfTheCurrentSchemaAndSucceeded() {
        TuningRecord record = TuningRecord.builder().config(Map.of("A", "1")).build();
        assertThat(record.schema()).isEqualTo(TuningRecord.SCHEMA);
        assertThat(record.status()).isEqualTo(Status.OK);
        assertThat(record.timing()).isNull();
    }

    private static Object read(RecordComponent c, TuningRecord record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
