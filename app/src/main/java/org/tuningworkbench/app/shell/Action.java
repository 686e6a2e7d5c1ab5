package org.tuningworkbench.app.shell;

import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.value.ObservableBooleanValue;

/**
 * One thing the person can do in the window: where it sits in the menus, its keys, what the
 * shortcut list says of it, and (when it has one) its tool bar button. The menus, the tool bar and
 * the shortcut list are all made from one table of these.
 *
 * @param menu the menu it is in, or null for a key that works without a menu item (Ctrl+Tab)
 * @param text the menu item's text
 * @param keys the accelerator ({@code Shortcut+R}), or null
 * @param help what the shortcut list says, or null to leave it out
 * @param run what it does
 * @param disabled when it cannot be done, or null when it always can
 * @param button its tool bar button, or null
 * @param first when its keys are taken before the control with the focus sees them, or null when they are a menu's accelerator alone
 */
public record Action(String menu, String text, String keys, String help, Runnable run, ObservableBooleanValue disabled, Button button,
                     TakenFirst first) {

    /**
     * Keys the window takes before the control with the focus sees them, while {@code when} holds: the
     * action's own keys and {@code otherKeys}, other spellings of them (Ctrl+= for Ctrl+plus).
     */
    public record TakenFirst(BooleanSupplier when, List<String> otherKeys) {}

    /**
     * A tool bar button: its id (for tests and Ctrl+Tab), its label, tooltip and style classes, when it
     * is disabled if that differs from the menu item (null: as the menu item), and its icon (an Ikonli
     * Material Design literal such as {@code mdi2p-play}, or null), which alone stands for it on a narrow window.
     */
    public record Button(String id, String label, String tooltip, List<String> styles, ObservableBooleanValue disabled, String icon) {
        Button withIcon(String literal) {
            return new Button(id, label, tooltip, styles, disabled, literal);
        }
    }

    public static Action of(String menu, String text, String keys, String help, Runnable run) {
        return new Action(menu, text, keys, help, run, null, null, null);
    }

    public Action disabledWhen(ObservableBooleanValue condition) {
        return new Action(menu, text, keys, help, run, condition, button, first);
    }

    public Action withButton(String id, String label, String tooltip, String... styles) {
        return new Action(menu, text, keys, help, run, disabled, new Button(id, label, tooltip, List.of(styles), null, null), first);
    }

    /** The button waits for {@code condition} to pass, where the menu item is always there to say why it cannot. */
    public Action buttonDisabledWhen(ObservableBooleanValue condition) {
        return new Action(menu, text, keys, help, run, disabled, new Button(button.id(), button.label(), button.tooltip(), button.styles(), condition,
                button.icon()), first);
    }

    /** The button's icon: an Ikonli Material Design literal ({@code mdi2p-play}). */
    public Action withIcon(String literal) {
        return new Action(menu, text, keys, help, run, disabled, button.withIcon(literal), first);
    }

    /**
     * Its keys, and {@code otherKeys}, work wherever the focus is, taken before the focused control
     * could swallow them (a table takes Esc, the editor Tab), while {@code when} holds and the action is enabled.
     */
    public Action takenFirst(BooleanSupplier when, String... otherKeys) {
        return new Action(menu, text, keys, help, run, disabled, button, new TakenFirst(when, List.of(otherKeys)));
    }

    /** Its keys, and {@code otherKeys}, work wherever the focus is, whenever the action is enabled. */
    public Action takenFirst(String... otherKeys) {
        return takenFirst(() -> true, otherKeys);
    }

    /** How the keys read in the shortcut list: {@code Ctrl+Shift+R}, {@code Esc}. */
    public String keysText() {
        return keys == null ? "" : keys.replace("Shortcut", "Ctrl");
    }
}
