package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.search.Prior;

class TuneOptionsTest {

    @Test
    void aCopyHoldsEveryOptionAndChangesOnlyWhatIsSet() {
        TuneOptions options = TuneOptions.builder(Path.of("cache")).buildThreads(3).resume(false).pipeline(Pipeline.SEQUENTIAL).pin(true)
                .unsteadyRetries(4).lookahead(7).moreTrials(5).racing(Racing.OFF).waitForDevice(false).priors(List.of(new Prior("other", List.of())))
                .build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(options.moreTrials().getAsInt()).isEqualTo(5);
        TuneOptions elsewhere = options.toBuilder().cacheDir(Path.of("other")).build();
        assertThat(elsewhere.cacheDir()).isEqualTo(Path.of("other"));
        assertThat(elsewhere.toBuilder().cacheDir(Path.of("cache")).build()).isEqualTo(options);
    }

    @Test
    void theDefaultsBuildUnderTheFolderGivenPinnedAndResuming() {
        TuneOptions options = TuneOptions.defaults(Path.of("cache"));
        assertThat(options.cacheDir()).isEqualTo(Path.of("cache"));
        assertThat(options.pin()).isTrue();
        assertThat(options.resume()).isTrue();
        assertThat(options.racing()).isNull();
        assertThat(options.buildThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void optionsThatCannotWorkAreRefusedWhenBuilt() {
        assertThatThrownBy(() -> TuneOptions.defaults(Path.of("cache")).toBuilder().lookahead(0).build()).hasMessageContaining("lookahead");
        assertThatThrownBy(() -> TuneOptions.defaults(Path.of("cache")).toBuilder().moreTrials(0).build()).hasMessageContaining("--more");
    }
}
