package org.tuningworkbench.app.shell;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.controlsfx.control.StatusBar;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.format.Counts;

/** The status bar: the run's message on the left, the best config and the number of tunable parameters on the right. */
final class StatusLine {

    private final StatusBar status = new StatusBar();

    StatusLine(MainViewModel model) {
        status.setId("statusBar");
        status.textProperty().bind(model.run().messageProperty());
        // A message longer than the bar is cut short there and read whole on hover.
        var whole = new javafx.scene.control.Tooltip();
        whole.setWrapText(true);
        whole.setMaxWidth(640);
        whole.textProperty().bind(model.run().messageProperty());
        status.setTooltip(whole);
        var best = new Label();
        best.getStyleClass().add("best-label");
        best.textProperty().bind(Bindings.createStringBinding(() -> {
            ConfigRow b = model.grid().bestProperty().get();
            if (b == null) return "";
            String caveat = model.grid().bestCaveatProperty().get();
            return (caveat.isEmpty() ? "★ best: No." : "fastest: No.") + model.grid().numberOf(b) + "  "
                    + Figures.micros(b.record().medianUs()) + (caveat.isEmpty() ? "" : " (" + caveat + ")");
        }, model.grid().bestProperty(), model.grid().bestCaveatProperty()));
        var markers = new Label();
        markers.getStyleClass().add("muted");
        markers.textProperty().bind(Bindings.createStringBinding(
                () -> Counts.of(model.editor().parameters().size(), "tunable parameter"), model.editor().parameters()));
        best.setMinWidth(Label.USE_PREF_SIZE);
        markers.setMinWidth(Label.USE_PREF_SIZE);
        status.getRightItems().addAll(best, new Label("   "), markers);
    }

    Node root() {
        return status;
    }
}
