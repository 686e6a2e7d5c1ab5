package org.tuningworkbench.app.shell;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.geometry.Pos;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.tuningworkbench.app.configs.BestClaim;
import org.tuningworkbench.engine.format.Counts;

/**
 * The status bar: the run's message on the left, the best config and the number of tunable parameters
 * on the right. On a narrow window (a projector's 1024 pixels, or zoomed in) nothing in it is cut short:
 * the count of parameters, the least of its parts, leaves first; then the message and the best wrap onto
 * a second line.
 */
final class StatusLine {

    private static final double SPACING = 18;

    private final HBox status = new HBox(SPACING);

    StatusLine(MainViewModel model) {
        status.setId("statusBar");
        status.getStyleClass().add("status-bar");
        status.setAlignment(Pos.CENTER_LEFT);
        var message = new Label();
        message.setId("statusMessage");
        message.textProperty().bind(model.run().messageProperty());
        var best = new Label();
        best.setId("statusBest");
        best.getStyleClass().add("best-label");
        best.textProperty().bind(Bindings.createStringBinding(() -> {
            if (model.grid().bestProperty().get() == null) return "";
            BestClaim claim = BestClaim.of(model.grid());
            return (claim.settled() ? "★ " : "") + claim.text();
        }, model.grid().bestProperty(), model.grid().bestCaveatProperty(), model.grid().rankingProperty()));
        var markers = new Label();
        markers.getStyleClass().add("muted");
        markers.textProperty().bind(Bindings.createStringBinding(
                () -> Counts.of(model.editor().parameters().size(), "tunable parameter"), model.editor().parameters()));
        for (Label part : List.of(message, best)) {
            part.setWrapText(true);
            part.setMinWidth(0);
            part.setMinHeight(Region.USE_PREF_SIZE);
        }
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        best.setMaxWidth(Region.USE_PREF_SIZE);
        markers.setMinWidth(Region.USE_PREF_SIZE);
        // The best keeps at least half the bar when it needs it: the message wraps first.
        best.minWidthProperty().bind(Bindings.createDoubleBinding(() -> Math.min(best.prefWidth(-1), status.getWidth() / 2),
                best.textProperty(), status.widthProperty()));
        // The count of parameters shows only when everything fits on one line beside it.
        markers.managedProperty().bind(Bindings.createBooleanBinding(() -> fits(message, best, markers),
                message.textProperty(), best.textProperty(), markers.textProperty(), status.widthProperty()));
        markers.visibleProperty().bind(markers.managedProperty());
        status.getChildren().addAll(message, best, markers);
    }

    /** Whether the parts, each on one line, fit in the bar's width. */
    private boolean fits(Label... parts) {
        double width = status.snappedLeftInset() + status.snappedRightInset() + SPACING * (parts.length - 1);
        for (Label part : parts) width += part.getText() == null || part.getText().isEmpty() ? 0 : part.prefWidth(-1);
        return width <= status.getWidth();
    }

    Node root() {
        return status;
    }
}
