package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.app.analysis.Records.failed;
import static org.tuningworkbench.app.analysis.Records.ok;

import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.ParameterEffect;

class ParameterEffectViewModelTest {

    private final ResultsViewModel results = Records.results(
            ok("TILE=8,UNROLL=1", 100), ok("TILE=8,UNROLL=2", 90), ok("TILE=32,UNROLL=1", 12), ok("TILE=32,UNROLL=2", 10),
            failed("TILE=64,UNROLL=2"));
    private final ParameterEffectViewModel model = new ParameterEffectViewModel(results);

    @Test
    void showsTheMostInfluentialParameterFirstWithEveryMeasuredConfigOnItsStrip() {
        model.refresh();
        assertThat(model.parameters()).containsExactly("TILE", "UNROLL");
        assertThat(model.parameterProperty().get()).isEqualTo("TILE");
        assertThat(model.effect().values()).extracting(ParameterEffect.ValueEffect::value).containsExactly("8", "32", "64");
        assertThat(model.effect().values().get(2).failed()).isEqualTo(1);
        assertThat(model.points()).containsExactlyInAnyOrder(new ParameterEffectViewModel.Point(0, 100, 1),
                new ParameterEffectViewModel.Point(0, 90, 2), new ParameterEffectViewModel.Point(1, 12, 3), new ParameterEffectViewModel.Point(1, 10, 4));
    }

    @Test
    void valuesAreLabelledWithoutWhatTheyAllShareSoEachFitsBelowItsBox() {
        var calls = ParameterEffectViewModel.ValueLabels.of(java.util.List.of("sgemm_ijk(m, n, k, a, b, c);", "sgemm_ikj(m, n, k, a, b, c);",
                "sgemm_tiled(m, n, k, a, b, c);"));
        assertThat(calls.labels()).containsExactly("ijk", "ikj", "tiled");
        assertThat(calls.shared()).isEqualTo("sgemm_…(m, n, k, a, b, c);");
        var shapes = ParameterEffectViewModel.ValueLabels.of(java.util.List.of("GemmShape<128, 256, 256>", "GemmShape<64, 128, 128>"));
        assertThat(shapes.labels()).containsExactly("128, 256, 256", "64, 128, 128");
        // Numbers are never split: 128 and 192 share a 1, not a prefix.
        assertThat(ParameterEffectViewModel.ValueLabels.of(java.util.List.of("128", "192", "1024")).labels()).containsExactly("128", "192", "1024");
        assertThat(ParameterEffectViewModel.ValueLabels.of(java.util.List.of("128", "192")).shared()).isEmpty();
    }

    @Test
    void withTheOthersAtTheBestOnlyConfigsThatDifferFromTheBestInThisParameterCount() {
        model.parameterProperty().set("UNROLL");
        model.othersProperty().set(ParameterEffect.Others.AT_BEST);
        model.refresh();
        // The best is No.4 (TILE=32, UNROLL=2): around it, UNROLL varies only among TILE=32.
        assertThat(model.points()).extracting(ParameterEffectViewModel.Point::number).containsExactlyInAnyOrder(3, 4);
        assertThat(model.effect().others()).isEqualTo(ParameterEffect.Others.AT_BEST);
    }

    @Test
    void theAnalysisPlacesEachConfigOfTheStripNearItsValueWithItsNumberAndTheSamePlaceEveryTime() {
        var strip = model.analysis().get().strip();

        for (int i = 0; i < strip.size(); i++) {
            assertThat(strip.x()[i]).isCloseTo(strip.values()[i], org.assertj.core.data.Offset.offset(ParameterEffectViewModel.BOX_WIDTH * 0.8));
        }
        assertThat(strip.numbers()).containsExactlyInAnyOrder(1, 2, 3, 4);
        assertThat(model.analysis().get().strip().x()).containsExactly(strip.x());
        // Taken as it came: the chart draws these very arrays.
        model.take(model.analysis().get());
        assertThat(model.strip().indexOf(3)).isNotNegative();
        assertThat(model.strip().latencyUs()[model.strip().indexOf(3)]).isEqualTo(12.0);
        assertThat(model.strip().indexOf(99)).isEqualTo(-1);
    }

    @Test
    void theStripIsPlacedWithTheAnalysisOffTheJavaFxThreadAndPlacedAgainWhenTheParameterChangedMeanwhile() {
        var analysed = model.analysis().get();
        // Nothing chosen yet: the analysis places the most influential parameter's strip.
        assertThat(analysed.stripOf()).isEqualTo("TILE");
        assertThat(analysed.strip().points()).containsExactlyInAnyOrder(new ParameterEffectViewModel.Point(0, 100, 1),
                new ParameterEffectViewModel.Point(0, 90, 2), new ParameterEffectViewModel.Point(1, 12, 3), new ParameterEffectViewModel.Point(1, 10, 4));

        model.take(analysed);
        assertThat(model.points()).extracting(ParameterEffectViewModel.Point::number).containsExactlyInAnyOrder(1, 2, 3, 4);

        // UNROLL chosen after the analysis was asked for: its strip is placed when the analysis is taken.
        model.parameterProperty().set("UNROLL");
        model.take(analysed);
        assertThat(model.points()).containsExactlyInAnyOrder(new ParameterEffectViewModel.Point(0, 100, 1),
                new ParameterEffectViewModel.Point(1, 90, 2), new ParameterEffectViewModel.Point(0, 12, 3), new ParameterEffectViewModel.Point(1, 10, 4));
        assertThat(model.analysis().get().stripOf()).isEqualTo("UNROLL");
    }
}
