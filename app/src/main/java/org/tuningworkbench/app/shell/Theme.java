package org.tuningworkbench.app.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.Parent;

/** Light and dark: an AtlantaFX base theme plus the workbench's own stylesheet, switched at run time. */
public enum Theme {
    LIGHT, DARK;

    public static final String STYLESHEET = Theme.class.getResource("/org/tuningworkbench/app/workbench.css").toExternalForm();

    public void apply(Parent root) {
        Application.setUserAgentStylesheet(this == DARK ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
        root.getStyleClass().remove("dark");
        if (this == DARK) root.getStyleClass().add("dark");
    }

    public boolean dark() {
        return this == DARK;
    }
}
