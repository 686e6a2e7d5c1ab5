package org.tuningworkbench.app.lesson;

import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tuningworkbench.engine.tune.LessonRun;

/** Lesson mode's pane: the step's title, previous and next, its measurement, what changed since the step before, and its note. */
public final class LessonView extends VBox {

    /** A step this machine measured against its note's expectation. */
    private static final PseudoClass CONTRADICTED = PseudoClass.getPseudoClass("contradicted");

    private final LessonViewModel model;
    private final VBox changes = new VBox(1);
    private final MarkdownView note = new MarkdownView();
    private final ScrollPane changesScroll = new ScrollPane();

    /** @param onMeasure measures the lesson's steps (Measure Lesson) */
    public LessonView(LessonViewModel model, Runnable onClose, Runnable onMeasure) {
        this.model = model;
        setId("lessonPane");
        getStyleClass().add("lesson-pane");
        setSpacing(8);
        setMinWidth(320);
        // Three tenths of the window, 320 to 440 pixels: a small screen keeps room for the source, the chart and the grid.
        sceneProperty().addListener((o, was, scene) -> {
            prefWidthProperty().unbind();
            if (scene != null) {
                prefWidthProperty().bind(javafx.beans.binding.Bindings.max(320, javafx.beans.binding.Bindings.min(440, scene.widthProperty().multiply(0.3))));
            }
        });
        setPrefWidth(440);

        var lessonTitle = new Label(model.lesson().title());
        lessonTitle.getStyleClass().add("pane-title");
        lessonTitle.setWrapText(true);
        var close = new Button("✕");
        close.setId("closeLesson");
        close.setTooltip(new Tooltip("Leave lesson mode (Ctrl+L)"));
        close.getStyleClass().add("flat");
        close.setOnAction(e -> onClose.run());
        // However long the lesson's title, the close button keeps its place in the header.
        close.setMinWidth(Region.USE_PREF_SIZE);
        lessonTitle.setMinWidth(0);
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var header = new HBox(6, lessonTitle, spacer, close);
        header.setAlignment(Pos.CENTER_LEFT);

        var previous = new Button("◀  Previous");
        previous.setId("previousStep");
        previous.setTooltip(new Tooltip("The step before (Alt+Left)"));
        previous.setOnAction(e -> model.previous());
        previous.disableProperty().bind(model.atFirstProperty());
        var next = new Button("Next  ▶");
        next.setId("nextStep");
        next.getStyleClass().add("accent");
        next.setTooltip(new Tooltip("The next step (Alt+Right)"));
        next.setOnAction(e -> model.next());
        next.disableProperty().bind(model.atLastProperty());
        var counter = new Label();
        counter.setId("stepCounter");
        counter.getStyleClass().add("muted");
        counter.textProperty().bind(model.counterProperty());
        var measure = new Button("Measure Lesson");
        measure.setId("measureLesson");
        measure.setTooltip(new Tooltip("Measure the lesson's steps alone: racing off, " + LessonRun.SAMPLES
                + " samples or more a step, then confirmed in interleaved rounds (Ctrl+Shift+L)"));
        measure.setOnAction(e -> onMeasure.run());
        var navSpacer = new Region();
        HBox.setHgrow(navSpacer, Priority.ALWAYS);
        var nav = new HBox(8, previous, counter, navSpacer, next);
        // However narrow the pane, the buttons keep their names; the counter gives way.
        previous.setMinWidth(Region.USE_PREF_SIZE);
        next.setMinWidth(Region.USE_PREF_SIZE);
        measure.setMinWidth(Region.USE_PREF_SIZE);
        counter.setMinWidth(0);
        nav.setAlignment(Pos.CENTER_LEFT);

        var stepTitle = new Label();
        stepTitle.setId("stepTitle");
        stepTitle.getStyleClass().add("lesson-step-title");
        stepTitle.setWrapText(true);
        stepTitle.textProperty().bind(model.titleProperty());
        var measurement = new Label();
        measurement.setId("stepMeasurement");
        measurement.getStyleClass().add("lesson-measurement");
        measurement.setWrapText(true);
        measurement.textProperty().bind(model.measurementProperty());
        var standing = new Label();
        standing.setId("stepStanding");
        standing.getStyleClass().add("lesson-standing");
        standing.setWrapText(true);
        standing.textProperty().bind(model.standingProperty());
        hideWhenEmpty(standing);
        var expectation = new Label();
        expectation.setId("stepExpectation");
        expectation.getStyleClass().add("lesson-expectation");
        expectation.setWrapText(true);
        expectation.setMaxWidth(Double.MAX_VALUE);
        expectation.textProperty().bind(model.expectationProperty());
        hideWhenEmpty(expectation);
        model.contradictedProperty().addListener((obs, was, now) -> expectation.pseudoClassStateChanged(CONTRADICTED, now));
        if (model.contradictedProperty().get()) expectation.pseudoClassStateChanged(CONTRADICTED, true);

        var changesTitle = new Label();
        changesTitle.getStyleClass().add("muted");
        changesTitle.textProperty().bind(model.changesFromProperty());
        changes.setId("stepChanges");
        changes.getStyleClass().add("lesson-changes");
        changesScroll.setContent(changes);
        changesScroll.setFitToWidth(true);
        changesScroll.setMinHeight(ScrollPane.USE_PREF_SIZE);
        changesScroll.getStyleClass().add("lesson-changes-scroll");

        note.setId("stepNote");
        var noteScroll = new ScrollPane(note);
        noteScroll.setFitToWidth(true);
        noteScroll.getStyleClass().add("lesson-note-scroll");
        VBox.setVgrow(noteScroll, Priority.ALWAYS);

        var story = new StoryChart();
        story.show(model.storyProperty().get());
        model.storyProperty().addListener((obs, was, now) -> story.show(now));
        var storySpacer = new Region();
        HBox.setHgrow(storySpacer, Priority.ALWAYS);
        HBox.setHgrow(story.title(), Priority.SOMETIMES);
        var storyHeader = new HBox(8, story.title(), storySpacer, measure);
        storyHeader.setAlignment(Pos.CENTER_LEFT);
        // The step's figures keep their whole wrapped height on a small screen; the note below scrolls instead.
        for (Label l : new Label[] {stepTitle, measurement, standing, expectation}) l.setMinHeight(Region.USE_PREF_SIZE);

        getChildren().addAll(header, nav, stepTitle, measurement, standing, expectation, storyHeader, story, changesTitle, changesScroll, noteScroll);
        model.changesProperty().addListener((obs, was, now) -> showChanges());
        model.noteProperty().addListener((obs, was, now) -> note.setMarkdown(now));
        showChanges();
        note.setMarkdown(model.noteProperty().get());
    }

    private static void hideWhenEmpty(Label label) {
        label.managedProperty().bind(label.visibleProperty());
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
    }

    public MarkdownView note() {
        return note;
    }

    private void showChanges() {
        changes.getChildren().clear();
        var list = model.changesProperty().get();
        if (list.isEmpty() && model.indexProperty().get() >= 0) changes.getChildren().add(line("", "  (the same variant)", "lesson-same"));
        for (var c : list) {
            String number = c.line() > 0 ? String.format("%4d ", c.line()) : "";
            changes.getChildren().add(line(number, "- " + c.before(), "lesson-removed"));
            changes.getChildren().add(line(number, "+ " + c.after(), "lesson-added"));
        }
        // As high as its lines, up to a dozen; code lines keep their length and scroll sideways.
        changesScroll.setPrefViewportHeight(Math.min(changes.getChildren().size(), 12) * 17 + 10);
    }

    private static Label line(String number, String text, String style) {
        var label = new Label(number + text);
        label.getStyleClass().addAll("lesson-change", style);
        label.setMaxWidth(Double.MAX_VALUE);
        label.setMinWidth(Label.USE_PREF_SIZE);
        return label;
    }
}
