package org.tuningworkbench.app;

import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

/** The window a view's own window opens over in a test: a small blank stage, shown. */
public final class OwnerStage {

    private OwnerStage() {}

    /** {@code stage} with a blank 200 × 100 scene, shown: the owner of the windows the test opens. */
    public static Stage shown(Stage stage) {
        stage.setScene(new Scene(new Pane(), 200, 100));
        stage.show();
        return stage;
    }
}
