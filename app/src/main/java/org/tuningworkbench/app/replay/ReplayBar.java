package org.tuningworkbench.app.replay;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** The replay's controls: restart, step back, play or pause, step forward, the speed and the position. */
public final class ReplayBar extends HBox {

    public ReplayBar(PlaybackViewModel model, String what, Runnable onClose) {
        setId("replayBar");
        getStyleClass().add("replay-bar");
        setSpacing(8);
        setAlignment(Pos.CENTER_LEFT);

        var title = new Label("Replay");
        title.getStyleClass().add("strong");
        var source = new Label(what);
        source.getStyleClass().add("muted");
        var restart = button("Restart", "replayRestart", "Back to the start: no trial shown", model::restart);
        var back = button("◀|", "replayStepBack", "One trial back", model::stepBack);
        var play = button("▶", "replayPlay", "Play or pause", model::togglePlay);
        play.getStyleClass().add("accent");
        play.textProperty().bind(Bindings.when(model.playingProperty()).then("⏸  Pause").otherwise("▶  Play"));
        var forward = button("|▶", "replayStepForward", "One trial forward", model::stepForward);
        var speed = new ComboBox<PlaybackSpeed>();
        speed.setId("replaySpeed");
        speed.getItems().setAll(PlaybackSpeed.values());
        speed.valueProperty().bindBidirectional(model.speedProperty());
        speed.setTooltip(new Tooltip("As recorded: the recorded gaps between trials, shortened; or an even pace"));
        var slider = new Slider(0, Math.max(1, model.size()), 0);
        slider.setId("replayPosition");
        slider.setBlockIncrement(1);
        slider.setMajorTickUnit(1);
        slider.setSnapToTicks(true);
        HBox.setHgrow(slider, Priority.ALWAYS);
        slider.setMaxWidth(Double.MAX_VALUE);
        model.positionProperty().addListener((obs, was, now) -> {
            if ((int) Math.round(slider.getValue()) != now.intValue()) slider.setValue(now.intValue());
        });
        slider.valueProperty().addListener((obs, was, now) -> {
            int at = (int) Math.round(now.doubleValue());
            if (at != model.positionProperty().get()) model.seek(at);
        });
        var position = new Label();
        position.setId("replayPositionText");
        position.setMinWidth(110);
        position.textProperty().bind(model.positionTextProperty());
        var close = button("✕", "closeReplay", "Leave the replay: show every record again", onClose);
        close.getStyleClass().add("flat");
        getChildren().addAll(title, source, restart, back, play, forward, speed, slider, position, close);
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        var b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return b;
    }
}
