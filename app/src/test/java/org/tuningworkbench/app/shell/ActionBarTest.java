package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.event.Event;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.tuningworkbench.tiers.SystemTest;

/** The menus, the tool bar and the shortcut list are made from one table of actions. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class ActionBarTest {

    private final List<String> done = new ArrayList<>();
    private final SimpleBooleanProperty running = new SimpleBooleanProperty();

    private ActionBar bar() {
        return new ActionBar(List.of(
                Action.of("Run", "Run", "Shortcut+R", "Run every config", () -> done.add("run")).disabledWhen(running)
                        .withButton("runButton", "Run", "Build and measure"),
                Action.of("Run", ActionBar.SEPARATOR, null, null, () -> { }),
                Action.of("Run", "Compare", "Shortcut+D", "Compare two configs", () -> done.add("compare"))
                        .withButton(null, "Compare", "Side by side").buttonDisabledWhen(running.not()),
                Action.of("Help", "Keys", "F1", "This list", () -> done.add("help")),
                Action.of(null, "Next Pane", "Shortcut+Tab", "Move between the panes", () -> { })));
    }

    @Test
    void menusHoldTheTablesActionsInOrderWithTheirKeysAndSeparators() {
        var menus = bar().menuBar().getMenus();
        assertThat(menus).extracting(m -> m.getText()).containsExactly("Run", "Help");
        var items = menus.getFirst().getItems();
        assertThat(items).hasSize(3);
        assertThat(items.get(1)).isInstanceOf(SeparatorMenuItem.class);
        assertThat(items.getFirst().getAccelerator().getName()).isEqualTo("Shortcut+R");
        items.get(2).fire();
        assertThat(done).containsExactly("compare");
    }

    @Test
    void theToolBarsButtonsRunTheSameActionsSeparatedAsTheMenuIs() {
        var nodes = bar().buttons();
        assertThat(nodes).hasSize(3);
        var run = button(nodes.get(0));
        assertThat(run.getId()).isEqualTo("runButton");
        assertThat(run.getTooltip().getText()).isEqualTo("Run: Build and measure (Ctrl+R)");
        assertThat(nodes.get(1).getStyleClass()).containsExactly("toolbar-separator");
        run.fire();
        assertThat(done).containsExactly("run");
    }

    @Test
    void aButtonMayWaitForItsOwnConditionWhileTheMenuItemFollowsTheAction() {
        var b = bar();
        var compare = button(b.buttons().get(2));
        MenuItem runItem = b.menuBar().getMenus().getFirst().getItems().getFirst();
        var runButton = button(b.buttons().get(0));
        assertThat(compare.isDisabled()).isTrue();
        assertThat(runItem.isDisable()).isFalse();
        running.set(true);
        assertThat(compare.isDisabled()).isFalse();
        assertThat(runItem.isDisable()).isTrue();
        assertThat(runButton.isDisabled()).isTrue();
    }

    @Test
    void theShortcutListHasEveryActionWithKeysIncludingThoseWithoutAMenu() {
        assertThat(bar().shortcutText().lines().toList()).containsExactly(
                "Ctrl+R            Run every config",
                "Ctrl+D            Compare two configs",
                "F1                This list",
                "Ctrl+Tab          Move between the panes");
    }

    @Test
    void keysTakenFirstReachTheirActionBeforeTheFocusedControlWhileTheirConditionHoldsAndTheActionIsEnabled() {
        var inGrid = new SimpleBooleanProperty();
        var b = new ActionBar(List.of(
                Action.of("Run", "Stop", "Esc", "Stop", () -> done.add("stop")).disabledWhen(running.not()).takenFirst(),
                Action.of("View", "Zoom In", "Shortcut+Plus", "Larger", () -> done.add("zoom")).takenFirst("Shortcut+Equals"),
                Action.of(null, "Delete Rows", "Delete", "In the grid", () -> done.add("delete")).takenFirst(inGrid::get),
                Action.of("Run", "Run", "Shortcut+R", "Run", () -> done.add("run"))));
        var field = new TextField();
        // The field would take every key it is given; the window's keys never reach it.
        var reached = new ArrayList<KeyCode>();
        field.addEventHandler(KeyEvent.KEY_PRESSED, e -> reached.add(e.getCode()));
        b.takeKeysFirst(new Scene(new StackPane(field)));

        press(field, KeyCode.ESCAPE, false);
        running.set(true);
        press(field, KeyCode.ESCAPE, false);
        press(field, KeyCode.EQUALS, true);
        press(field, KeyCode.DELETE, false);
        inGrid.set(true);
        press(field, KeyCode.DELETE, false);
        press(field, KeyCode.R, true);

        assertThat(done).containsExactly("stop", "zoom", "delete");
        assertThat(reached).as("Esc with no run, Delete outside the grid, and a menu's accelerator reach the field")
                .containsExactly(KeyCode.ESCAPE, KeyCode.DELETE, KeyCode.R);
    }

    private static void press(Node target, KeyCode code, boolean control) {
        Event.fireEvent(target, new KeyEvent(KeyEvent.KEY_PRESSED, "", "", code, false, control, false, false));
    }

    @Test
    void anItemThatIsMadeRatherThanTakenFromAnActionIsPutInItsPlace() {
        var b = new ActionBar(List.of(Action.of("View", "Dark Theme", "Shortcut+T", "Dark theme", null)))
                .withItem("Dark Theme", () -> new javafx.scene.control.CheckMenuItem("Dark Theme"));
        var item = b.menuBar().getMenus().getFirst().getItems().getFirst();
        assertThat(item).isInstanceOf(javafx.scene.control.CheckMenuItem.class);
        assertThat(item.getAccelerator().getName()).isEqualTo("Shortcut+T");
    }

    /** The button a tool bar node is or holds (one that may be disabled sits in a holder that shows its tooltip then). */
    private static Button button(Node node) {
        return node instanceof ActionBar.ButtonHolder holder ? holder.button() : (Button) node;
    }
}
