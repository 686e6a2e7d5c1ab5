package org.tuningworkbench.app.shell;

import java.util.List;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Scene;

/** Moving the focus between the window's panes (Ctrl+Tab, Ctrl+Shift+Tab), as in IDEs: Tab itself stays a character in the editor. */
final class PaneFocus {

    /** The panes visited, in order: the source, the grid, the chart, the log, the run panel. */
    private static final List<String> PANES = List.of("#sourceArea", "#variantArea", "#configTable", "#latencyChart", "#logPane", "#runButton");

    private final Supplier<Scene> scene;

    PaneFocus(Supplier<Scene> scene) {
        this.scene = scene;
    }

    /** Focuses the next shown pane ({@code step} 1) or the previous one (-1) from the one that has the focus. */
    void move(int step) {
        Scene s = scene.get();
        if (s == null) return;
        var panes = PANES.stream().map(s::lookup).filter(n -> n != null && shown(n) && !n.isDisabled()).toList();
        if (panes.isEmpty()) return;
        var owner = s.getFocusOwner();
        int at = -1;
        for (int i = 0; i < panes.size(); i++) {
            for (var n = owner; n != null; n = n.getParent()) if (n == panes.get(i)) at = i;
        }
        var next = panes.get(Math.floorMod(at + step, panes.size()));
        next.setFocusTraversable(true);
        next.requestFocus();
    }

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) if (!n.isVisible()) return false;
        return true;
    }
}
