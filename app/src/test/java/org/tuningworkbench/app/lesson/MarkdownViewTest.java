package org.tuningworkbench.app.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A lesson's note is laid out on the JavaFX thread however deep its Markdown nests. */
@ExtendWith(ApplicationExtension.class)
class MarkdownViewTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new javafx.scene.layout.Pane(), 400, 300));
        stage.show();
    }

    /** Shows {@code markdown} and lays it out; what was thrown on the JavaFX thread, or null. */
    private Throwable shown(FxRobot robot, MarkdownView view, String markdown) {
        Throwable[] thrown = new Throwable[1];
        robot.interact(() -> {
            try {
                view.setMarkdown(markdown);
                stage.getScene().setRoot(view);
                view.applyCss();
                view.layout();
                stage.getScene().snapshot(null);
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        return thrown[0];
    }

    @Test
    void threeThousandNestedQuotesAreShownFlatterWithAMessage(FxRobot robot) {
        var view = new MarkdownView();
        assertThat(shown(robot, view, ">".repeat(3000) + " the bottom of the well\n")).isNull();
        assertThat(view.degraded()).isTrue();
        assertThat(((Label) view.getChildren().getFirst()).getText()).isEqualTo(MarkdownView.DEGRADED);
        assertThat(view.lookupAll(".md-quote")).hasSize(MarkdownView.MAX_DEPTH);
        assertThat(view.lookupAll(".md-paragraph").stream().map(n -> ((javafx.scene.text.Text) ((javafx.scene.text.TextFlow) n)
                .getChildren().getFirst()).getText())).containsExactly("the bottom of the well");
    }

    @Test
    void deeplyNestedEmphasisAndListsAreShownToo(FxRobot robot) {
        var view = new MarkdownView();
        // 1,500 levels of strong emphasis, each in the one before.
        String emphasis = "*".repeat(3000) + "deep" + "*".repeat(3000) + "\n";
        assertThat(shown(robot, view, emphasis)).isNull();
        assertThat(view.degraded()).isTrue();
        var lists = new StringBuilder();
        for (int i = 0; i < 1000; i++) lists.append("  ".repeat(i)).append("- item ").append(i).append('\n');
        assertThat(shown(robot, view, lists.toString())).isNull();
        assertThat(view.degraded()).isTrue();
    }

    @Test
    void anOrdinaryNoteIsShownAsWritten(FxRobot robot) {
        var view = new MarkdownView();
        assertThat(shown(robot, view, "# Title\n\n> a *quoted* line\n\n- one\n- two\n")).isNull();
        assertThat(view.degraded()).isFalse();
        assertThat(view.lookupAll(".md-degraded")).isEmpty();
        assertThat(view.lookupAll(".md-quote")).hasSize(1);
    }
}
