package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** The window on a projector's 1024×700: every tool bar button whole (its icon, its name in a tooltip), a zoom, a No. column that fits. */
class ProjectorLayoutTest extends WindowTest {

    private void resize(FxRobot robot, double width, double height) {
        robot.interact(() -> {
            Window w = window.root().getScene().getWindow();
            w.setWidth(width);
            w.setHeight(height);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** What a labeled control shows of its text: its text, or the text cut short with an ellipsis. */
    private static String shown(Labeled labeled) {
        return labeled.lookup(".text") instanceof Text text ? text.getText() : "";
    }

    private List<Button> toolBarButtons(FxRobot robot) {
        return robot.lookup(".main-toolbar .button").queryAllAs(Button.class).stream().toList();
    }

    @Test
    void atTenTwentyFourBySevenHundredEveryToolBarButtonIsWholeWithItsNameInATooltip(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        resize(robot, 1024, 700);
        var buttons = toolBarButtons(robot);
        assertThat(buttons).hasSizeGreaterThanOrEqualTo(7);
        double sceneWidth = window.root().getScene().getWidth();
        for (Button b : buttons) {
            var bounds = b.localToScene(b.getBoundsInLocal());
            assertThat(bounds.getMaxX()).as(b.getText() + " on the screen").isLessThanOrEqualTo(sceneWidth);
            assertThat(b.getGraphic()).as(b.getText() + "'s icon").isNotNull();
            assertThat(b.getTooltip().getText()).startsWith(b.getText() + ": ");
            if (b.getContentDisplay() != ContentDisplay.GRAPHIC_ONLY) assertThat(shown(b)).as("label of " + b.getText()).isEqualTo(b.getText());
        }
        assertThat(buttons).allSatisfy(b -> assertThat(b.getContentDisplay()).isEqualTo(ContentDisplay.GRAPHIC_ONLY));

        // On a wide window the buttons say their names beside their icons, whole.
        resize(robot, 1280, 800);
        for (Button b : toolBarButtons(robot)) assertThat(shown(b)).as("label of " + b.getText()).isEqualTo(b.getText());
    }

    @Test
    void atTenTwentyFourWithALessonOpenTheLogIsWideEnoughToRead(FxRobot robot) {
        Path example = Path.of("..", "examples", "matmul-tiling", "project.toml").toAbsolutePath().normalize();
        robot.interact(() -> assertThat(model.open(example)).isTrue());
        resize(robot, 1024, 700);
        robot.interact(() -> assertThat(window.lessonMode().open(1)).isTrue());
        WaitForAsyncUtils.waitForFxEvents();
        // Beside the lesson the grid took all but ~50 pixels, and the log wrapped a character a line.
        assertThat(robot.lookup("#logPane").queryAs(Region.class).getWidth()).as("the log's width").isGreaterThanOrEqualTo(170);
    }

    @Test
    void atTwelveEightyAProjectsLongNameGivesWayAndTheButtonsSayTheirNamesWhole(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        // A recorded space's name is as long as this one: pnpoly_RTX_3090.json.gz · pnpoly_RTX_3090.
        Files.writeString(project, Files.readString(project).replace("name = \"tiny\"", "name = \"pnpoly_RTX_3090_dedispersion_A4000_t4\""));
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        resize(robot, 1280, 800);
        assertThat(model.project().project().name()).startsWith("pnpoly");
        for (Button b : toolBarButtons(robot)) assertThat(shown(b)).as("label of " + b.getText()).isEqualTo(b.getText());
    }

    @Test
    void atTenTwentyFourBySevenHundredTheSourcePanesHeaderSaysWhichConfigItShowsWhole(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        resize(robot, 1024, 700);
        var config = robot.lookup(".pane-header .label").queryAllAs(Labeled.class).stream()
                .filter(l -> l.getText() != null && l.getText().startsWith("no config")).findFirst().orElseThrow();
        // "no config select…" read as a fault; the kernel's name gives way first.
        assertThat(shown(config)).isEqualTo(config.getText());
        robot.interact(() -> model.selectNumber(1));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(config.getText()).startsWith("config No.1");
        assertThat(shown(config)).isEqualTo(config.getText());
    }

    @Test
    void atTenTwentyFourBySevenHundredTheStatusBarSaysEachOfItsPartsWhole(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        runToTheEnd(robot);
        resize(robot, 1024, 700);
        assertStatusBarWhole(robot, "Finished 2 of 2 configs");
        // The message linear-relu's run ends with, whose best is qualified twice over: read whole too.
        String linearRelu = "Finished 5 of 5 configs in 0:06; best No.5 at 2.64 µs, noisy: CV 13%; not distinguishable from No.3, p = 0.902";
        robot.interact(() -> model.run().say(linearRelu));
        WaitForAsyncUtils.waitForFxEvents();
        assertStatusBarWhole(robot, linearRelu);
    }

    /** A search of a space ends with a message of what its confirmation found: two lines at most, the best left to the status bar beside it. */
    @Test
    void atTenTwentyFourBySevenHundredAConfirmedSearchsMessageTakesTwoLinesAtMostAndDoesNotRepeatTheBest(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of());
        Files.writeString(project, Files.readString(project) + "\n[space]\nUNROLL = [1, 2]\nSPIN = [0, 20000]\n");
        robot.interact(() -> model.open(project));
        resize(robot, 1024, 700);
        runToTheEnd(robot);
        String message = model.run().messageProperty().get();
        assertThat(message).contains("the best 3 measured again in 3 rounds").doesNotContain("best No.");
        assertStatusBarWhole(robot, message);
        var label = robot.lookup("#statusMessage").queryAs(Labeled.class);
        var text = (Text) label.lookup(".text");
        var oneLine = new Text("Finished");
        oneLine.setFont(text.getFont());
        assertThat(text.getLayoutBounds().getHeight()).as("the message's height").isLessThan(2.5 * oneLine.getLayoutBounds().getHeight());
    }

    @Test
    void atTenTwentyFourBySevenHundredARunsProgressReadsWholeBesideABarOfSomeLength(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "3000000"), TinyProject.config("2", "3000000"), TinyProject.config("4", "3000000"),
                TinyProject.config("8", "3000000")));
        resize(robot, 1024, 700);
        robot.clickOn("#runButton");
        var progressText = robot.lookup("#progressText").queryAs(Labeled.class);
        // Once a config is measured, the time left is said too: the longest the text gets.
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, () -> progressText.getText().contains("left"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(progressText)).as("the progress").isEqualTo(progressText.getText());
        assertThat(robot.lookup("#runProgress").queryAs(Region.class).getWidth()).as("the progress bar's width").isGreaterThanOrEqualTo(60);
        robot.interact(model::stop);
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, () -> !model.run().isRunning());
    }

    private void assertStatusBarWhole(FxRobot robot, String message) {
        Node bar = robot.lookup("#statusBar").query();
        var scene = window.root().getScene();
        var inScene = bar.localToScene(bar.getBoundsInLocal());
        assertThat(inScene.getMaxX()).isLessThanOrEqualTo(scene.getWidth() + 0.5);
        assertThat(inScene.getMaxY()).isLessThanOrEqualTo(scene.getHeight() + 0.5);
        var labels = robot.from(bar).lookup(".label").queryAllAs(Labeled.class).stream().filter(Node::isVisible)
                .filter(l -> l.getText() != null && !l.getText().isBlank()).toList();
        // The run's message and the best config at least, each read whole: none cut short with an ellipsis.
        assertThat(labels).extracting(Labeled::getText).anyMatch(t -> t.startsWith(message))
                .anyMatch(t -> t.contains("No."));
        for (Labeled l : labels) {
            assertThat(shown(l).replace("\n", " ")).as("status bar's " + l.getText()).isEqualTo(l.getText());
            assertThat(l.localToScene(l.getBoundsInLocal()).getMaxX()).as(l.getText() + " on the screen").isLessThanOrEqualTo(scene.getWidth() + 0.5);
        }
    }

    @Test
    void atTenTwentyFourBySevenHundredOneZoomStepUpTheWholeWindowStaysOnTheScreen(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        resize(robot, 1024, 700);
        robot.interact(() -> window.zoom(1));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoom()).isGreaterThan(1.1);
        var scene = window.root().getScene();
        var content = (Region) ((Parent) window.root()).getChildrenUnmodifiable().getFirst();
        // The content is laid out in the window's width over the zoom: it asks for no more than that.
        assertThat(content.minWidth(-1) * window.zoom()).as("the content's least width, zoomed").isLessThanOrEqualTo(scene.getWidth() + 0.5);
        // Each part of the window ends within it: its right edge is on the screen (to a pixel: a border's width, zoomed).
        for (String part : List.of("#runButton", "#configTable", "#logPane", "#statusBar", ".main-toolbar", ".menu-bar")) {
            for (Node n : robot.lookup(part).queryAll()) {
                if (!n.isVisible() || n.getScene() == null) continue;
                assertThat(n.localToScene(n.getBoundsInLocal()).getMaxX()).as(part + "'s right edge").isLessThanOrEqualTo(scene.getWidth() + 1);
            }
        }
    }

    @Test
    void ctrlPlusAndCtrlMinusZoomTheWholeWindowAndCtrlZeroTakesItBack(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        robot.clickOn("#configTable");
        Node run = robot.lookup("#runButton").query();
        double before = run.localToScene(run.getBoundsInLocal()).getHeight();
        robot.press(KeyCode.CONTROL, KeyCode.PLUS).release(KeyCode.PLUS, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoom()).isGreaterThan(1.25);
        assertThat(run.localToScene(run.getBoundsInLocal()).getHeight()).isGreaterThan(before * 1.25);
        // Zoomed in, the content is laid out in a narrower space: the tool bar shows its icons alone.
        assertThat(((Button) run).getContentDisplay()).isEqualTo(ContentDisplay.GRAPHIC_ONLY);
        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoom()).isGreaterThan(1.1).isLessThan(1.2);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.zoom()).isEqualTo(1.0);
        assertThat(run.localToScene(run.getBoundsInLocal()).getHeight()).isCloseTo(before, org.assertj.core.data.Offset.offset(0.5));
    }

    @Test
    void theNumberColumnFitsTheLargestNumber(FxRobot robot) throws Exception {
        // 10,100 configs: the last is No.10100, five digits.
        var cache = new StringBuilder();
        for (int tile = 1; tile <= 101; tile++) {
            for (int vec = 1; vec <= 100; vec++) {
                cache.append(cache.isEmpty() ? "" : ",\n").append(String.format(Locale.ROOT, "\"%d,%d\": {\"TILE\": %d, \"VEC\": %d, \"time\": %.3f}",
                        tile, vec, tile, vec, 0.01 * tile + 0.001 * vec));
            }
        }
        Path space = dir.resolve("big.json");
        Files.writeString(space, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"big\", \"objective\": \"time\",\n"
                + "\"tune_params_keys\": [\"TILE\", \"VEC\"],\n\"tune_params\": {\"TILE\": " + range(101) + ", \"VEC\": " + range(100) + "},\n"
                + "\"cache\": {\n" + cache + "\n}}\n");
        robot.interact(() -> {
            assertThat(model.open(space)).isTrue();
            window.drainEvents();
        });
        resize(robot, 1024, 700);
        robot.interact(() -> table(robot).scrollTo(model.grid().rows().size() - 1));
        WaitForAsyncUtils.waitForFxEvents();
        var numbers = robot.lookup(".number-column").queryAll().stream().filter(n -> n instanceof TableCell<?, ?> c && c.getItem() != null)
                .map(n -> (TableCell<?, ?>) n).toList();
        assertThat(numbers).isNotEmpty().anySatisfy(c -> assertThat(c.getText()).isEqualTo("10100"));
        assertThat(numbers).allSatisfy(c -> assertThat(shown(c)).isEqualTo(c.getText()));
    }

    private static String range(int n) {
        return java.util.stream.IntStream.rangeClosed(1, n).mapToObj(Integer::toString).toList().toString();
    }
}
