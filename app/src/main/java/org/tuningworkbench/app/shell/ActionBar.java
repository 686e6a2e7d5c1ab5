package org.tuningworkbench.app.shell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Makes the menu bar, the tool bar's buttons and the shortcut list from one table of {@link Action}s.
 * A menu may also hold items that are not single actions (a submenu of examples, a check item), given
 * by name at the place they go.
 */
public final class ActionBar {

    /** Where a separator goes in a menu. */
    public static final String SEPARATOR = "—";

    private final List<Action> actions;
    private final Map<String, Supplier<MenuItem>> extraItems = new LinkedHashMap<>();
    private final Map<String, MenuItem> made = new LinkedHashMap<>();
    private final javafx.beans.property.BooleanProperty compact = new javafx.beans.property.SimpleBooleanProperty();

    public ActionBar(List<Action> actions) {
        this.actions = List.copyOf(actions);
    }

    public List<Action> actions() {
        return actions;
    }

    /** Whether the tool bar's buttons with an icon show only it (the window is too narrow for their labels). */
    public javafx.beans.property.BooleanProperty compactProperty() {
        return compact;
    }

    /** Runs the action called {@code text} (a key that is another spelling of its accelerator, such as Ctrl+= for Ctrl+plus). */
    public void run(String text) {
        actions.stream().filter(a -> text.equals(a.text()) && a.run() != null).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no action " + text)).run().run();
    }

    /** A menu item that is made, not taken from an action; its place is an action whose text is {@code name} and run is null. */
    public ActionBar withItem(String name, Supplier<MenuItem> item) {
        extraItems.put(name, item);
        return this;
    }

    public MenuBar menuBar() {
        var menus = new LinkedHashMap<String, Menu>();
        for (Action a : actions) {
            if (a.menu() == null) continue;
            Menu menu = menus.computeIfAbsent(a.menu(), Menu::new);
            menu.getItems().add(menuItem(a));
        }
        var bar = new MenuBar(menus.values().toArray(Menu[]::new));
        bar.setUseSystemMenuBar(false);
        return bar;
    }

    /** The menu item the last {@link #menuBar()} made for the action called {@code text}. */
    public MenuItem item(String text) {
        MenuItem item = made.get(text);
        if (item == null) throw new IllegalStateException("no menu item " + text + " was made");
        return item;
    }

    private MenuItem menuItem(Action a) {
        MenuItem item = newMenuItem(a);
        if (!SEPARATOR.equals(a.text())) made.put(a.text(), item);
        return item;
    }

    private MenuItem newMenuItem(Action a) {
        if (SEPARATOR.equals(a.text())) return new SeparatorMenuItem();
        if (a.run() == null) {
            Supplier<MenuItem> made = extraItems.get(a.text());
            if (made == null) throw new IllegalStateException("no menu item is given for " + a.text());
            MenuItem item = made.get();
            if (a.keys() != null) item.setAccelerator(KeyCombination.keyCombination(a.keys()));
            return item;
        }
        var item = new MenuItem(a.text());
        if (a.keys() != null) item.setAccelerator(KeyCombination.keyCombination(a.keys()));
        item.setOnAction(e -> a.run().run());
        if (a.disabled() != null) item.disableProperty().bind(a.disabled());
        return item;
    }

    /** The tool bar's buttons, in the table's order; a menu's separator between two of them separates them here too. */
    public List<Node> buttons() {
        var out = new ArrayList<Node>();
        for (Action a : actions) {
            if (SEPARATOR.equals(a.text()) && !out.isEmpty() && !isSeparator(out.getLast())) out.add(separator());
            if (a.button() == null) continue;
            var b = new Button(a.button().label());
            if (a.button().icon() != null) {
                b.setGraphic(new FontIcon(a.button().icon()));
                // On a narrow window (a projector's 1024×700, or zoomed in) the icon alone stands for the button; its tooltip names it.
                b.contentDisplayProperty().bind(javafx.beans.binding.Bindings.when(compact)
                        .then(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY).otherwise(javafx.scene.control.ContentDisplay.LEFT));
            }
            if (a.button().id() != null) b.setId(a.button().id());
            b.getStyleClass().addAll(a.button().styles());
            b.setTooltip(new Tooltip(a.button().label().strip() + ": " + a.button().tooltip() + (a.keys() == null ? "" : " (" + a.keysText() + ")")));
            b.setOnAction(e -> a.run().run());
            // A tool bar button takes no focus, by click or Tab, as in most tool bars: each is a menu item with its keys. One that
            // took it passed it on when the run disabled it (Run to Stop, Resume to Compare), and Enter then stopped the run.
            b.setFocusTraversable(false);
            // A button keeps its name whole ("Res…" read as nothing); the project's name beside them gives way instead.
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            var disabled = a.button().disabled() != null ? a.button().disabled() : a.disabled();
            if (disabled != null) b.disableProperty().bind(disabled);
            out.add(disabled == null ? b : holding(b));
        }
        if (!out.isEmpty() && isSeparator(out.getLast())) out.removeLast();
        return out;
    }

    /**
     * A button that may be disabled, in a holder that shows its tooltip while it is: JavaFX shows no tooltip over a
     * disabled control, and a greyed Compare is just where a person needs to read what to select first.
     */
    static final class ButtonHolder extends StackPane {
        private final Button button;

        ButtonHolder(Button button) {
            super(button);
            this.button = button;
        }

        Button button() {
            return button;
        }
    }

    private static ButtonHolder holding(Button b) {
        var holder = new ButtonHolder(b);
        var tip = new Tooltip();
        tip.textProperty().bind(b.getTooltip().textProperty());
        b.disabledProperty().addListener((obs, was, now) -> {
            if (now) Tooltip.install(holder, tip);
            else Tooltip.uninstall(holder, tip);
        });
        if (b.isDisabled()) Tooltip.install(holder, tip);
        return holder;
    }

    /** The style class of a tool bar's separator. */
    private static final String SEPARATOR_STYLE = "toolbar-separator";

    private static boolean isSeparator(Node node) {
        return node.getStyleClass().contains(SEPARATOR_STYLE);
    }

    public static Node separator() {
        var r = new javafx.scene.layout.Region();
        r.getStyleClass().add(SEPARATOR_STYLE);
        return r;
    }

    /**
     * Takes the keys of the actions {@link Action#takenFirst taken first} in {@code scene}, before the
     * control with the focus sees them; the other actions' keys are their menu items' accelerators.
     */
    public void takeKeysFirst(Scene scene) {
        var keys = new ArrayList<Map.Entry<KeyCombination, Action>>();
        for (Action a : actions) {
            if (a.first() == null) continue;
            if (a.keys() != null) keys.add(Map.entry(KeyCombination.keyCombination(a.keys()), a));
            for (String other : a.first().otherKeys()) keys.add(Map.entry(KeyCombination.keyCombination(other), a));
        }
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            for (var key : keys) {
                Action a = key.getValue();
                if (key.getKey().match(e) && (a.disabled() == null || !a.disabled().get()) && a.first().when().getAsBoolean()) {
                    a.run().run();
                    e.consume();
                    return;
                }
            }
        });
    }

    /** The shortcut list, one line an action with keys and help, keys padded to one column. */
    public String shortcutText() {
        var lines = new ArrayList<String>();
        for (Action a : actions) {
            if (a.keys() == null || a.help() == null) continue;
            lines.add(String.format("%-18s%s", a.keysText(), a.help()));
        }
        return String.join("\n", lines);
    }
}
