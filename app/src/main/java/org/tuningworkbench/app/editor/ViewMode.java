package org.tuningworkbench.app.editor;

/** What the editor shows for the selected config. */
public enum ViewMode {
    SOURCE("Source"),
    VARIANT("Variant"),
    DIFFERENCE("Difference");

    private final String label;

    ViewMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
