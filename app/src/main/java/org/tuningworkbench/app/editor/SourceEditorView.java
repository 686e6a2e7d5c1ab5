package org.tuningworkbench.app.editor;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Popup;
import org.controlsfx.control.SegmentedButton;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.event.MouseOverTextEvent;
import org.tuningworkbench.engine.marker.TunableLine;

/**
 * The source editor: C/C++ highlighting, a gutter with line numbers and the name of the parameter
 * each tunable line sets, compiler errors on their lines (message on hover), a find bar, and a
 * read-only view of the selected config's variant or its difference from the source.
 */
public final class SourceEditorView extends BorderPane {

    private final SourceEditorViewModel model;
    private final CodeArea area = new CodeArea();
    /** The selected config's variant or difference: built the first time one is shown. */
    private CodeArea shown;
    private VirtualizedScrollPane<CodeArea> shownPane;
    private final StackPane stack = new StackPane();

    /**
     * A caret that does not blink: a blinking caret is an animation, and any animation makes JavaFX
     * render every frame, so an idle window would keep a core busy. It shows while the editor has focus.
     */
    private static void steadyCaret(CodeArea editor) {
        editor.setShowCaret(org.fxmisc.richtext.Caret.CaretVisibility.OFF);
        editor.focusedProperty().addListener((obs, was, now) ->
                editor.setShowCaret(now && editor.isEditable() ? org.fxmisc.richtext.Caret.CaretVisibility.ON : org.fxmisc.richtext.Caret.CaretVisibility.OFF));
    }
    private final HBox findBar = new HBox(6);
    private final TextField findField = new TextField();
    private final Label findStatus = new Label();
    private final Popup errorPopup = new Popup();
    private final Label errorLabel = new Label();
    private boolean updatingFromModel;

    public SourceEditorView(SourceEditorViewModel model) {
        this.model = model;
        getStyleClass().add("source-editor");
        area.getStyleClass().add("code");
        steadyCaret(area);
        area.setId("sourceArea");

        // Undo steps through the text only: highlighting and line styles are not edits.
        area.setUndoManager(org.fxmisc.richtext.util.UndoUtils.plainTextUndoManager(area));
        area.replaceText(model.textProperty().get());
        area.getUndoManager().forgetHistory();
        area.textProperty().addListener((obs, old, now) -> {
            if (!updatingFromModel) model.textProperty().set(now);
        });
        model.textProperty().addListener((obs, old, now) -> {
            if (!now.equals(area.getText())) {
                updatingFromModel = true;
                area.replaceText(now);
                updatingFromModel = false;
            }
        });
        // Markers are read again once typing pauses, not on every key.
        area.multiPlainChanges().successionEnds(Duration.ofMillis(250)).subscribe(ignore -> model.reparse());
        model.sourceProperty().addListener((obs, old, now) -> restyle());
        model.errorsByLine().addListener((javafx.collections.MapChangeListener<Integer, String>) c -> Platform.runLater(() -> {
            restyle();
            // Bring the first error into view, as an IDE does after a failed build.
            if (!model.errorsByLine().isEmpty()) {
                int line = model.errorsByLine().keySet().iterator().next();
                if (line - 1 < area.getParagraphs().size()) area.showParagraphAtCenter(line - 1);
            }
        }));

        area.setParagraphGraphicFactory(gutter());
        area.setMouseOverTextDelay(Duration.ofMillis(350));
        area.addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_BEGIN, e -> {
            int paragraph = area.offsetToPosition(e.getCharacterIndex(), org.fxmisc.richtext.model.TwoDimensional.Bias.Forward).getMajor();
            String message = model.errorsByLine().get(paragraph + 1);
            if (message != null) {
                errorLabel.setText(message);
                errorPopup.show(area, e.getScreenPosition().getX(), e.getScreenPosition().getY() + 12);
            }
        });
        area.addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_END, e -> errorPopup.hide());
        errorLabel.getStyleClass().add("error-popup");
        errorLabel.setWrapText(true);
        errorLabel.setMaxWidth(520);
        errorPopup.getContent().add(errorLabel);

        stack.getChildren().add(new VirtualizedScrollPane<>(area));
        model.shownTextProperty().addListener((obs, old, now) -> showVariant());
        model.modeProperty().addListener((obs, old, now) -> showVariant());
        model.changedLinesProperty().addListener((obs, old, now) -> showVariant());

        setTop(header());
        setCenter(stack);
        setBottom(findBar());
        restyle();
        model.fileProperty().addListener((obs, old, now) -> Platform.runLater(() -> {
            // Another file: undo must not step back into the previous one.
            area.getUndoManager().forgetHistory();
            area.moveTo(0);
            area.showParagraphAtTop(0);
            // Open where the tunable lines are: they are what the person came for.
            var marked = model.source().markedLines();
            if (!marked.isEmpty() && marked.getFirst().line() > 20) area.showParagraphAtCenter(marked.getFirst().line() - 1);
        }));
    }

    public CodeArea area() {
        return area;
    }

    /** Opens the find bar (Ctrl+F). */
    public void showFind() {
        findBar.setVisible(true);
        findBar.setManaged(true);
        String selected = area.getSelectedText();
        if (!selected.isEmpty() && !selected.contains("\n")) findField.setText(selected);
        findField.requestFocus();
        findField.selectAll();
    }

    private Node header() {
        var title = new Label();
        title.getStyleClass().add("pane-title");
        title.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> (model.modifiedProperty().get() ? "● " : "") + model.fileProperty().get().getFileName(),
                model.modifiedProperty(), model.fileProperty()));
        var modes = new SegmentedButton();
        for (ViewMode mode : ViewMode.values()) {
            var button = new ToggleButton(mode.label());
            button.setId("mode" + mode.label());
            button.setUserData(mode);
            button.setOnAction(e -> model.modeProperty().set(mode));
            // The modes keep their names whole in a narrow pane; the file's name gives way first.
            button.setMinWidth(Region.USE_PREF_SIZE);
            modes.getButtons().add(button);
        }
        modes.getButtons().getFirst().setSelected(true);
        model.modeProperty().addListener((obs, old, now) -> modes.getButtons().forEach(b -> b.setSelected(b.getUserData() == now)));
        modes.getStyleClass().add("mode-buttons");
        modes.setMinWidth(Region.USE_PREF_SIZE);
        var config = new Label();
        config.getStyleClass().add("muted");
        config.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.shownConfigProperty().get() == null ? "no config" : "config " + model.shownLabelProperty().get(),
                model.shownConfigProperty(), model.shownLabelProperty()));
        // Said whole ("no config select…" read as a fault), short enough to leave the kernel's name whole at 1024 pixels.
        config.setMinWidth(Region.USE_PREF_SIZE);
        var problems = new Label();
        problems.getStyleClass().add("marker-problem");
        problems.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.markerProblems().isEmpty() ? "" : "⚠ " + model.markerProblems().getFirst(), model.markerProblems()));
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var box = new HBox(10, title, problems, spacer, config, modes);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("pane-header");
        return box;
    }

    private Node findBar() {
        findField.setPromptText("Find");
        findField.setPrefColumnCount(22);
        findField.setOnAction(e -> findNext(true));
        // Esc in the find field closes the find bar: the field's own key, not one of the window's actions.
        findField.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                findBar.setVisible(false);
                findBar.setManaged(false);
                area.requestFocus();
                e.consume();
            }
        });
        var next = new Button("Next");
        next.setOnAction(e -> findNext(true));
        var previous = new Button("Previous");
        previous.setOnAction(e -> findNext(false));
        var close = new Button("✕");
        close.setOnAction(e -> {
            findBar.setVisible(false);
            findBar.setManaged(false);
        });
        findBar.getChildren().addAll(new Label("Find:"), findField, previous, next, findStatus, close);
        findBar.setAlignment(Pos.CENTER_LEFT);
        findBar.setPadding(new Insets(4, 8, 4, 8));
        findBar.getStyleClass().add("find-bar");
        findBar.setVisible(false);
        findBar.setManaged(false);
        return findBar;
    }

    private void findNext(boolean forward) {
        String needle = findField.getText();
        if (needle.isEmpty()) return;
        String text = area.getText();
        int from = forward ? area.getSelection().getEnd() : area.getSelection().getStart() - 1;
        int at = forward ? text.indexOf(needle, from) : text.lastIndexOf(needle, Math.max(from, 0));
        if (at < 0) at = forward ? text.indexOf(needle) : text.lastIndexOf(needle);
        if (at < 0) {
            findStatus.setText("not found");
            return;
        }
        findStatus.setText("");
        area.selectRange(at, at + needle.length());
        area.requestFollowCaret();
    }

    private void restyle() {
        var source = model.source();
        if (!source.text().equals(area.getText())) return;
        area.setStyleSpans(0, CppHighlighter.highlight(area.getText(), source.markedLines()));
        Set<Integer> marked = new HashSet<>();
        source.markedLines().forEach(l -> marked.add(l.line() - 1));
        for (int p = 0; p < area.getParagraphs().size(); p++) {
            List<String> styles = model.errorsByLine().containsKey(p + 1) ? List.of("error-line")
                    : marked.contains(p) ? List.of("tunable-line") : List.of();
            if (!area.getParagraph(p).getParagraphStyle().equals(styles)) area.setParagraphStyle(p, styles);
        }
        area.setParagraphGraphicFactory(gutter());
    }

    /** The area for variants and differences, over the source, made the first time it is needed. */
    private void buildShown() {
        shown = new CodeArea();
        shown.getStyleClass().addAll("code", "variant-code");
        shown.setEditable(false);
        steadyCaret(shown);
        shown.setId("variantArea");
        shown.setParagraphGraphicFactory(plainGutter(shown));
        shownPane = new VirtualizedScrollPane<>(shown);
        stack.getChildren().add(shownPane);
    }

    private void showVariant() {
        boolean visible = model.modeProperty().get() != ViewMode.SOURCE && model.shownConfigProperty().get() != null;
        if (shown == null && !visible) return;
        if (shown == null) buildShown();
        shownPane.setVisible(visible);
        // The source under a variant must not take keys (a Tab would go into the kernel, unseen).
        area.getParent().setVisible(!visible);
        if (visible && area.isFocused()) shown.requestFocus();
        if (!visible && shown.isFocused()) area.requestFocus();
        if (!visible) return;
        String text = model.shownTextProperty().get();
        shown.replaceText(text);
        // A variant keeps the source's lines, so its gutter names the parameters too; a difference has lines of its own.
        shown.setParagraphGraphicFactory(model.modeProperty().get() == ViewMode.VARIANT ? gutter() : plainGutter(shown));
        shown.setStyleSpans(0, CppHighlighter.highlight(text, List.of()));
        Set<Integer> changed = new HashSet<>(model.changedLinesProperty().get());
        for (int p = 0; p < shown.getParagraphs().size(); p++) {
            if (!changed.contains(p)) continue;
            String line = shown.getParagraph(p).getText();
            String style = model.modeProperty().get() == ViewMode.DIFFERENCE && line.startsWith("-") ? "removed-line" : "changed-line";
            shown.setParagraphStyle(p, List.of(style));
        }
        // Replacing the text leaves the caret at its end, which the area follows at its next layout: the caret goes to
        // the first change (a set's first element is any of them), and once laid out, that change to the middle of the view.
        int first = changed.isEmpty() ? 0 : java.util.Collections.min(changed);
        shown.moveTo(Math.min(first, shown.getParagraphs().size() - 1), 0);
        shown.requestFollowCaret();
        if (!changed.isEmpty()) {
            var area = shown;
            Platform.runLater(() -> {
                if (first < area.getParagraphs().size()) area.showParagraphAtCenter(first);
            });
        }
    }

    /** The gutter badges' font size and left plus right padding, as the stylesheet's {@code .gutter-badge} sets them. */
    private static final double BADGE_FONT_SIZE = 10.5;
    private static final double BADGE_PADDING = 8;

    /** Line numbers, and beside them the parameter a tunable line sets or an error mark. */
    private IntFunction<Node> gutter() {
        Map<Integer, String> names = new java.util.HashMap<>();
        for (TunableLine line : model.source().markedLines()) names.putIfAbsent(line.line() - 1, line.name());
        Map<Integer, String> errors = Map.copyOf(model.errorsByLine());
        // As wide as the widest name in the badges' bold 10.5 px (the stylesheet's), each whole: pnpoly's `between_method` was cut.
        Font badgeFont = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, BADGE_FONT_SIZE);
        double widest = names.values().stream().mapToDouble(name -> {
            var text = new Text(name);
            text.setFont(badgeFont);
            return text.getLayoutBounds().getWidth();
        }).max().orElse(0);
        double badgeWidth = names.isEmpty() && errors.isEmpty() ? 0 : Math.max(56, Math.ceil(widest) + BADGE_PADDING + 4);
        return paragraph -> {
            var number = new Label(Integer.toString(paragraph + 1));
            number.getStyleClass().add("line-number");
            var badge = new Label();
            badge.getStyleClass().add("gutter-badge");
            String error = errors.get(paragraph + 1);
            String name = names.get(paragraph);
            if (error != null) {
                badge.setText("✖ error");
                badge.getStyleClass().add("gutter-error");
                badge.setTooltip(new Tooltip(error));
            } else if (name != null) {
                badge.setText(name);
                badge.getStyleClass().add("gutter-parameter");
                badge.setTooltip(new Tooltip("tunable parameter " + name));
            }
            badge.setMinWidth(badgeWidth);
            badge.setPrefWidth(badgeWidth);
            var box = new HBox(number, badge);
            box.getStyleClass().add("gutter");
            box.setAlignment(Pos.CENTER_LEFT);
            return box;
        };
    }

    private static IntFunction<Node> plainGutter(CodeArea area) {
        return org.fxmisc.richtext.LineNumberFactory.get(area);
    }
}
