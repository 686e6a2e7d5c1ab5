package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.app.chart.LatencyScale;

/** Opening another project starts every view afresh: nothing the previous one set (an axis, a lesson, a sort, a selection) stays. */
class ProjectSwitchTest extends WindowTest {

    /** A recorded space of TILE × VEC (16 configs) whose latencies are {@code ms} × (TILE + VEC/10) milliseconds. */
    private Path space(String name, double ms) throws Exception {
        var cache = new StringBuilder();
        for (int tile = 1; tile <= 4; tile++) {
            for (int vec = 1; vec <= 4; vec++) {
                cache.append(cache.isEmpty() ? "" : ",\n").append(String.format(Locale.ROOT, "\"%d,%d\": {\"TILE\": %d, \"VEC\": %d, \"time\": %.6f}",
                        tile, vec, tile, vec, ms * (tile + vec / 10.0)));
            }
        }
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"" + name + "\", \"objective\": \"time\",\n"
                + "\"tune_params_keys\": [\"TILE\", \"VEC\"],\n\"tune_params\": {\"TILE\": [1, 2, 3, 4], \"VEC\": [1, 2, 3, 4]},\n"
                + "\"cache\": {\n" + cache + "\n}}\n");
        return file;
    }

    @Test
    void everyResultOfTheNextProjectReachesTheChartsAndTheReportOnALogScale(FxRobot robot) throws Exception {
        Path slow = space("slow", 10);
        Path fast = space("fast", 0.001);
        robot.interact(() -> {
            assertThat(model.open(slow)).isTrue();
            window.drainEvents();
            model.results().scale().choiceProperty().set(LatencyScale.Choice.LOG);
        });
        robot.interact(() -> {
            assertThat(model.open(fast)).isTrue();
            window.drainEvents();
        });

        assertThat(model.results().all()).hasSize(16);
        assertThat(window.latencyChart().itemCount()).isEqualTo(16);
        assertThat(window.trialsChart().chart().getXYPlot().getDataset().getItemCount(0)).isEqualTo(16);
        robot.interact(() -> {
            var range = window.latencyChart().chart().getXYPlot().getRangeAxis().getRange();
            // 1.1 µs to 4.4 µs, on the log axis the person chose.
            assertThat(window.latencyChart().logScale()).isTrue();
            assertThat(range.getLowerBound()).isLessThan(1.1);
            assertThat(range.getUpperBound()).isBetween(4.4, 50.0);
        });
        // docs/window.md's picture of it: -Dswitch.snapshot=FILE.png
        String picture = System.getProperty("switch.snapshot");
        if (picture != null) {
            robot.interact(() -> {
                try {
                    javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(window.root().getScene().snapshot(null), null),
                            "png", new java.io.File(picture));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }

    private static Path example(String name) {
        return Path.of("..", "examples", name, "project.toml").toAbsolutePath().normalize();
    }

    @Test
    void lessonModeStartsTheNextProjectsLessonAtItsFirstStepWithNothingOfTheLastOne(FxRobot robot) {
        robot.interact(() -> {
            assertThat(model.open(example("matmul-tiling"))).isTrue();
            assertThat(window.lessonMode().open(1)).isTrue();
        });
        robot.interact(() -> assertThat(model.open(example("conv2d-relu"))).isTrue());

        var lesson = window.lessonMode().lesson();
        assertThat(lesson).isNotNull();
        assertThat(lesson.counterProperty().get()).startsWith("Step 1 of ");
        assertThat(lesson.titleProperty().get()).isEqualTo("1. Direct loops");
        // Step 1 against conv2d's source as written: nothing of matmul's kernel, no error about it.
        assertThat(lesson.changesProperty().get()).allSatisfy(c -> assertThat(c.before() + c.after()).doesNotContain("matmul"));
        assertThat(lesson.measurementProperty().get() + lesson.changesFromProperty().get()).doesNotContain("matmul");
        assertThat(dialogs.problems).isEmpty();

        // A project without a lesson closes lesson mode.
        robot.interact(() -> assertThat(model.open(example("basic-matmul"))).isTrue());
        assertThat(window.lessonMode().activeProperty().get()).isFalse();
        assertThat(dialogs.problems).isEmpty();
    }

    @Test
    void theGridsSortAndSelectionAreTheLastProjectsNoMore(FxRobot robot) throws Exception {
        Path slow = space("slow", 10);
        Path fast = space("fast", 0.001);
        robot.interact(() -> {
            assertThat(model.open(slow)).isTrue();
            window.drainEvents();
            var table = table(robot);
            table.getSortOrder().setAll(table.getColumns().getLast());
            table.getSelectionModel().select(3);
            window.latencyChart().chart().getXYPlot().getDomainAxis().setRange(2, 5);
        });
        assertThat(model.selectedProperty().get()).isNotNull();
        robot.interact(() -> {
            assertThat(model.open(fast)).isTrue();
            window.drainEvents();
        });
        assertThat(table(robot).getSortOrder()).isEmpty();
        assertThat(table(robot).getSelectionModel().getSelectedItems()).isEmpty();
        assertThat(model.selectedProperty().get()).isNull();
        assertThat(window.latencyChart().chart().getXYPlot().getDomainAxis().isAutoRange()).isTrue();
    }
}
