package org.tuningworkbench.app.icons;

import java.net.URL;
import java.util.List;
import java.util.Objects;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The application icon at every rendered size, as class-path resources. A window gives them all to
 * its stage and the desktop picks the size it needs. The PNGs are rendered from
 * {@code icons/tuning-workbench.svg}.
 */
public final class ApplicationIcon {

    /** The rendered sizes, in pixels. */
    public static final List<Integer> SIZES = List.of(16, 24, 32, 48, 64, 128, 256, 512);

    private ApplicationIcon() {}

    /** The URL of the icon rendered at {@code size} pixels. */
    public static URL at(int size) {
        return Objects.requireNonNull(ApplicationIcon.class.getResource("tuning-workbench-" + size + ".png"),
                () -> "no " + size + " px application icon on the class path");
    }

    /** Every size's URL, smallest first, in the form JavaFX's {@code Image} takes. */
    public static List<String> urls() {
        return SIZES.stream().map(size -> at(size).toExternalForm()).toList();
    }

    /** Gives the stage the icon at every size. */
    public static void applyTo(Stage stage) {
        stage.getIcons().setAll(urls().stream().map(Image::new).toList());
    }
}
