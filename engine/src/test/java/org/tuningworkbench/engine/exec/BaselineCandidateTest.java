package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.record.BlasLibrary;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.LibraryCore;
import org.tuningworkbench.engine.run.Timing;
import org.tuningworkbench.tiers.IntegrationTest;

/** A baseline's environments that resolve to the same library kernels are one candidate, named by the kernels that ran. */
@IntegrationTest
class BaselineCandidateTest {

    @TempDir
    Path dir;

    private static final Map<String, String> AS_IT_IS = Map.of();

    private static Map<String, String> core(String name) {
        return Map.of("OPENBLAS_CORETYPE", name);
    }

    /** What the harness writes when the program is linked with OpenBLAS and asked which kernels it runs. */
    private static Optional<LibraryCore> harnessSaid(String core) {
        return LibraryCore.parse(List.of("openblas_core " + core,
                "openblas_config OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY " + core + " MAX_THREADS=64"));
    }

    @Test
    void theHarnessReportOfTheLibraryKernelsIsReadBesideTheTimings() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, "first_call_ns 12.0\nsample_ns 1000.0\nopenblas_core Haswell\n"
                + "openblas_config OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64\n");
        Timing timing = Timing.read(file);
        assertThat(timing.samplesUs()).containsExactly(1.0);
        assertThat(timing.library()).isEqualTo(new LibraryCore("Haswell", "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"));

        Files.writeString(file, "first_call_ns 12.0\nsample_ns 1000.0\n");
        assertThat(Timing.read(file).library()).as("a program without OpenBLAS says nothing").isNull();
    }

    @Test
    void environmentsResolvingToTheSameCoreAreOneCandidateMeasuredInTheFirst() {
        // As on an AVX2 CPU without AVX-512: OpenBLAS picks Zen itself, falls back from Cooperlake to Haswell, and accepts SkylakeX (which then crashes).
        var environments = List.of(AS_IT_IS, core("Haswell"), core("Zen"), core("SkylakeX"), core("Cooperlake"));
        var candidates = BaselineCandidate.group(environments,
                List.of(harnessSaid("Zen"), harnessSaid("Haswell"), harnessSaid("Zen"), harnessSaid("SkylakeX"), harnessSaid("Haswell")));

        assertThat(candidates).extracting(c -> c.core().core()).containsExactly("Zen", "Haswell", "SkylakeX");
        assertThat(candidates).extracting(BaselineCandidate::environments).containsExactly(
                List.of(AS_IT_IS, core("Zen")), List.of(core("Haswell"), core("Cooperlake")), List.of(core("SkylakeX")));
        assertThat(candidates).extracting(BaselineCandidate::measuredIn).containsExactly(AS_IT_IS, core("Haswell"), core("SkylakeX"));

        BaselineCandidate haswell = candidates.get(1);
        assertThat(haswell.label("OpenBLAS sgemm", haswell.core())).isEqualTo("OpenBLAS sgemm [Haswell kernels]");
        BlasLibrary library = haswell.library(haswell.core());
        assertThat(library.environments()).containsExactly("OPENBLAS_CORETYPE=Haswell", "OPENBLAS_CORETYPE=Cooperlake");
        assertThat(library.describe())
                .isEqualTo("Haswell kernels, chosen by OPENBLAS_CORETYPE=Haswell, OPENBLAS_CORETYPE=Cooperlake (fell back to Haswell)");
        assertThat(candidates.getFirst().describe(candidates.getFirst().core())).isEqualTo("Zen kernels, chosen as it is and by OPENBLAS_CORETYPE=Zen");
    }

    @Test
    void theNameComesFromTheKernelsThatRanNotFromTheEnvironmentThatAskedForThem() {
        var candidates = BaselineCandidate.group(List.of(core("Cooperlake")), List.of(harnessSaid("Haswell")));
        BaselineCandidate only = candidates.getFirst();
        assertThat(only.label("OpenBLAS sgemm", only.core())).isEqualTo("OpenBLAS sgemm [Haswell kernels]").doesNotContain("Cooperlake");
        assertThat(only.describe(only.core())).isEqualTo("Haswell kernels, chosen by OPENBLAS_CORETYPE=Cooperlake (fell back to Haswell)");
        // A core asked for in other letters is the same core, not a fallback.
        assertThat(BaselineCandidate.group(List.of(core("haswell")), List.of(harnessSaid("Haswell"))).getFirst().describe(new LibraryCore("Haswell", "")))
                .isEqualTo("Haswell kernels, chosen by OPENBLAS_CORETYPE=haswell");
    }

    @Test
    void environmentsThatDifferBeyondTheCoreStayApartAndSayHow() {
        var tuned = Map.of("OPENBLAS_CORETYPE", "Haswell", "OPENBLAS_L2_SIZE", "512");
        var candidates = BaselineCandidate.group(List.of(core("Haswell"), tuned), List.of(harnessSaid("Haswell"), harnessSaid("Haswell")));
        assertThat(candidates).hasSize(2);
        assertThat(candidates.get(1).label("OpenBLAS", candidates.get(1).core())).isEqualTo("OpenBLAS [Haswell kernels, OPENBLAS_L2_SIZE=512]");
    }

    @Test
    void environmentsWhoseProgramNamesNoKernelsAreEachTheirOwnCandidateNamedByTheEnvironment() {
        var candidates = BaselineCandidate.group(List.of(Map.of("TW_MODE", "slow"), Map.of("TW_MODE", "fast"), AS_IT_IS),
                List.of(Optional.empty(), Optional.empty(), Optional.empty()));
        assertThat(candidates).hasSize(3).allSatisfy(c -> assertThat(c.core()).isNull());
        assertThat(candidates).extracting(c -> c.label("loop", null)).containsExactly("loop [TW_MODE=slow]", "loop [TW_MODE=fast]", "loop");
        assertThat(candidates.get(2).describe(null)).isEqualTo("as it is");
        assertThatThrownBy(() -> BaselineCandidate.group(List.of(AS_IT_IS), List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("1 environments but 0 answers of which kernels they run");
    }

    @Test
    void theKernelsAreKeptInTheRecordAndReadBackWhileALineWithoutThemStillReads() throws Exception {
        var candidate = BaselineCandidate.group(List.of(AS_IT_IS, core("Cooperlake")), List.of(harnessSaid("Haswell"), harnessSaid("Haswell"))).getFirst();
        TuningRecord record = TuningRecord.of(Map.of(), Status.OK, List.of(2.0, 3.0)).asBaseline(candidate.label("OpenBLAS sgemm", candidate.core()))
                .toBuilder().library(candidate.library(candidate.core())).build();
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record);
        }
        assertThat(Files.readString(path)).contains("\"baseline\":\"OpenBLAS sgemm [Haswell kernels]\"",
                "\"library\":{\"core\":\"Haswell\",\"config\":\"OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64\","
                        + "\"environments\":[\"\",\"OPENBLAS_CORETYPE=Cooperlake\"]}");
        TuningRecord read = RecordFile.read(path).getFirst();
        assertThat(read).isEqualTo(record);
        assertThat(read.baselineDescription())
                .isEqualTo("OpenBLAS sgemm [Haswell kernels], chosen as it is and by OPENBLAS_CORETYPE=Cooperlake (fell back to Haswell)");

        // The same line as a reader of records without the field sees it, and as records made before it hold it.
        String line = Files.readString(path);
        Files.writeString(path, line.substring(0, line.indexOf(",\"library\"")).replace("[Haswell kernels]", "[OPENBLAS_CORETYPE=Haswell]") + "}\n");
        assertThat(RecordFile.read(path)).singleElement().satisfies(r -> {
            assertThat(r.library()).isNull();
            assertThat(r.baselineDescription()).isEqualTo("OpenBLAS sgemm [OPENBLAS_CORETYPE=Haswell]");
        });
    }
}
