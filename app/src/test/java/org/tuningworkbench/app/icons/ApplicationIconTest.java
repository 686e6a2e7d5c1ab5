package org.tuningworkbench.app.icons;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.tiers.SystemTest;

@ExtendWith(ApplicationExtension.class)
@SystemTest
class ApplicationIconTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void everySizeIsOnTheClassPathAsAPngOfThatSize() throws IOException {
        for (int size : ApplicationIcon.SIZES) {
            try (InputStream in = ApplicationIcon.at(size).openStream()) {
                DataInputStream png = new DataInputStream(in);
                byte[] signatureAndHeader = new byte[16];
                png.readFully(signatureAndHeader);
                assertThat(new String(signatureAndHeader, 1, 3, US_ASCII)).isEqualTo("PNG");
                assertThat(new String(signatureAndHeader, 12, 4, US_ASCII)).isEqualTo("IHDR");
                assertThat(png.readInt()).as("width of the %d px icon", size).isEqualTo(size);
                assertThat(png.readInt()).as("height of the %d px icon", size).isEqualTo(size);
            }
        }
    }

    @Test
    void urlsListEverySizeSmallestFirst() {
        assertThat(ApplicationIcon.urls())
                .hasSize(ApplicationIcon.SIZES.size())
                .first().asString().endsWith("tuning-workbench-16.png");
    }

    @Test
    void aStageGetsTheIconAtEverySizeSmallestFirst(FxRobot robot) {
        robot.interact(() -> ApplicationIcon.applyTo(stage));

        assertThat(stage.getIcons()).extracting(Image::getWidth)
                .containsExactly(16.0, 24.0, 32.0, 48.0, 64.0, 128.0, 256.0, 512.0);
        assertThat(stage.getIcons()).noneMatch(Image::isError);
    }
}
