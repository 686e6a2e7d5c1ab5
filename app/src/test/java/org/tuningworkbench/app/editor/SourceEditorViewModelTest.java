package org.tuningworkbench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.fixtures.TinyProject;

class SourceEditorViewModelTest {

    private final SourceEditorViewModel editor = new SourceEditorViewModel();

    @Test
    void parametersFollowTheMarkersAfterReparse() {
        editor.load(Path.of("scale.c"), TinyProject.KERNEL);
        assertThat(editor.parameters()).containsExactly("UNROLL", "SPIN");
        editor.textProperty().set(TinyProject.KERNEL.replace("    long SPIN", "    int TILE = 8; // tunable\n    long SPIN"));
        assertThat(editor.parameters()).as("not before the pause in typing").containsExactly("UNROLL", "SPIN");
        editor.reparse();
        assertThat(editor.parameters()).containsExactly("UNROLL", "TILE", "SPIN");
        assertThat(editor.modifiedProperty().get()).isTrue();
    }

    @Test
    void reparsingAnUnchangedTextChangesNothingShownSoTheSourceIsNotRestyled() {
        editor.load(Path.of("scale.c"), TinyProject.KERNEL);
        var read = editor.sourceProperty().get();
        var notified = new java.util.concurrent.atomic.AtomicInteger();
        editor.sourceProperty().addListener((obs, was, now) -> notified.incrementAndGet());
        editor.markerProblems().addListener((javafx.collections.ListChangeListener<String>) c -> notified.incrementAndGet());

        editor.reparse();

        assertThat(editor.sourceProperty().get()).isSameAs(read);
        assertThat(notified).hasValue(0);
        editor.textProperty().set(TinyProject.KERNEL + "\n");
        editor.reparse();
        assertThat(editor.sourceProperty().get()).isNotSameAs(read);
        assertThat(notified).as("the source read again").hasValue(1);
    }

    @Test
    void aBadMarkerIsReportedWithItsLine() {
        editor.load(Path.of("scale.c"), "int x; // tunable\n");
        assertThat(editor.markerProblems()).singleElement().asString().startsWith("line 1:");
    }

    @Test
    void theVariantMarksTheLinesItChanges() {
        editor.load(Path.of("scale.c"), TinyProject.KERNEL);
        editor.shownConfigProperty().set(new Config(Map.of("UNROLL", "4")));
        editor.modeProperty().set(ViewMode.VARIANT);
        assertThat(editor.shownTextProperty().get()).contains("int UNROLL = 4; // tunable");
        assertThat(editor.changedLinesProperty().get()).containsExactly(1);
        editor.modeProperty().set(ViewMode.DIFFERENCE);
        assertThat(editor.shownTextProperty().get()).contains("-     int UNROLL = 1; // tunable\n+     int UNROLL = 4; // tunable");
        assertThat(editor.changedLinesProperty().get()).containsExactly(1, 2);
    }

    @Test
    void onlyTheUsersLinesGetCompilerErrors() {
        editor.load(Path.of("scale.c"), TinyProject.KERNEL);
        editor.showDiagnostics(List.of(
                new Diagnostic(Diagnostic.Severity.ERROR, true, 2, 18, "'oops' undeclared"),
                new Diagnostic(Diagnostic.Severity.ERROR, false, 40, 1, "in the launcher"),
                new Diagnostic(Diagnostic.Severity.NOTE, true, 3, 1, "a note")));
        assertThat(editor.errorsByLine()).containsOnlyKeys(2);
        assertThat(editor.errorsByLine().get(2)).contains("'oops' undeclared");
    }
}
