package org.tuningworkbench.app.run;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableObjectValue;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TextFormatter;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.project.Range;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.tune.Confirmation;

/** The side panel: getting started, the device, the measurement settings and the search. */
public final class RunSettingsView {

    private final RunViewModel run;
    private final ObservableObjectValue<OpenedProject> project;
    private final ObservableBooleanValue recorded;
    private final javafx.beans.value.ObservableStringValue openClDevices;
    private final Node root;

    /**
     * {@code recorded} is whether the open project is a recorded space; {@code openClDevices} lists the
     * OpenCL platforms and devices once an OpenCL project is open ("" before).
     */
    public RunSettingsView(RunViewModel run, ObservableObjectValue<OpenedProject> project, ObservableBooleanValue recorded,
                           javafx.beans.value.ObservableStringValue openClDevices) {
        this.run = run;
        this.project = project;
        this.recorded = recorded;
        this.openClDevices = openClDevices;
        this.root = build();
    }

    public Node root() {
        return root;
    }

    private Node build() {
        // A recorded space was measured elsewhere: its device is the one its records name, its trials are
        // answered from them, and nothing is built or measured here (no measurement settings, no getting started).
        var deviceTitle = sectionTitle("Device");
        var device = new Label();
        device.setId("deviceDetail");
        device.setWrapText(true);
        device.getStyleClass().add("muted");
        device.textProperty().bind(Bindings.when(recorded)
                .then("Measured there: a run replays the strategy against the records, nothing runs on this machine.")
                .otherwise(run.deviceProperty()));
        var deviceName = new Label();
        deviceName.setId("deviceName");
        deviceName.getStyleClass().add("strong");
        deviceName.textProperty().bind(Bindings.createStringBinding(() -> {
            var opened = project.get();
            if (opened != null && opened.recorded().isPresent()) return opened.recorded().get().deviceName();
            boolean openCl = opened != null && opened.project().kernel().language() == Language.OPENCL;
            return openCl ? "OpenCL device (" + opened.project().device().choice() + ")" : "CPU (this machine)";
        }, project));
        deviceName.setWrapText(true);
        var openCl = new Label();
        openCl.setWrapText(true);
        openCl.getStyleClass().addAll("muted", "small");
        openCl.textProperty().bind(openClDevices);
        openCl.managedProperty().bind(openCl.textProperty().isNotEmpty());

        var settings = formGrid();
        int row = 0;
        settings.addRow(row++, label("Warm-up"), number(run.settings().warmupMsProperty(), "warmupField", Range.WARMUP_MS), unit("ms"));
        // 0 calls: the warm-up is the time beside it.
        var warmupCalls = integer(run.settings().warmupCallsProperty(), "warmupCallsField", Range.WARMUP_CALLS);
        warmupCalls.setTooltip(new javafx.scene.control.Tooltip("A warm-up of this many calls instead; 0 warms up for the time above"));
        settings.addRow(row++, label("or"), warmupCalls, unit("calls"));
        settings.addRow(row++, label("Repeat"), integer(run.settings().repeatProperty(), "repeatField", Range.REPEAT), unit("samples"));
        settings.addRow(row++, label("Min sample"), number(run.settings().minSampleMsProperty(), "minSampleField", Range.MIN_SAMPLE_MS), unit("ms"));
        settings.addRow(row++, label("Timeout"), number(run.settings().timeoutSProperty(), "timeoutField", Range.RUN_TIMEOUT_S), unit("s"));
        var racing = new javafx.scene.control.CheckBox("Racing");
        racing.setId("racingCheck");
        racing.selectedProperty().bindBidirectional(run.settings().racingProperty());
        racing.setTooltip(new javafx.scene.control.Tooltip("Stop sampling a config once it is clearly slower than the best so far:\n"
                + "even its fastest sample is slower than the best's slowest, or its median is past\n"
                + "the project's race_margin (1.3 unless it says otherwise) times the best's;\n"
                + "or once it is clearly ahead: three samples all faster than the best's fastest."));
        settings.add(racing, 1, row, 2, 1);
        var help = new Label("A sample calls the kernel for at least the min sample time; the median sample is the figure shown.");
        help.setWrapText(true);
        help.getStyleClass().addAll("muted", "small");

        var toolchain = new Label();
        toolchain.setWrapText(true);
        toolchain.getStyleClass().addAll("muted", "small");
        toolchain.textProperty().bind(Bindings.createStringBinding(
                () -> run.toolchainProperty().get().isEmpty() || recorded.get() ? "" : "Compiler: " + run.toolchainProperty().get(),
                run.toolchainProperty(), recorded));
        toolchain.managedProperty().bind(toolchain.textProperty().isNotEmpty());
        // A version line can be long (a project's own build script names every compiler it uses): all of it on hover.
        var toolchainTip = new javafx.scene.control.Tooltip();
        toolchainTip.setWrapText(true);
        toolchainTip.setMaxWidth(480);
        toolchainTip.textProperty().bind(toolchain.textProperty());
        toolchain.setTooltip(toolchainTip);

        var howTo = new Label("1. End tunable lines with\n     // tunable\n2. List configs in the grid\n3. Press Run (Ctrl+R)\n4. Click a bar to see its variant");
        howTo.getStyleClass().addAll("how-to");
        howTo.setWrapText(true);
        var gettingStarted = shownUnless(recorded, new VBox(10, sectionTitle("Getting started"), howTo));
        gettingStarted.setId("gettingStarted");
        var measurement = shownUnless(recorded, new VBox(10, sectionTitle("Measurement"), settings, help));
        measurement.setId("measurementSettings");

        var box = new VBox(10, gettingStarted, deviceTitle, deviceName, device, openCl, toolchain, measurement,
                sectionTitle("Search"), searchSettings(run), sectionTitle("Priors"), priors(run.priors()));
        box.setPadding(new Insets(14, 14, 14, 14));
        // Every text keeps the height it needs to wrap whole; a window too short for all of them scrolls the panel.
        var panel = new javafx.scene.control.ScrollPane(box);
        panel.setFitToWidth(true);
        panel.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        panel.getStyleClass().add("side-panel");
        panel.setPrefWidth(268);
        panel.setMinWidth(250);
        // Files dropped on the panel are priors for the next run (dropped elsewhere, a file is opened).
        panel.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            e.consume();
        });
        panel.setOnDragDropped(e -> {
            var files = e.getDragboard().getFiles();
            run.priors().add(files.stream().map(java.io.File::toPath).toList());
            e.setDropCompleted(!files.isEmpty());
            e.consume();
        });
        return panel;
    }

    /** What the priors dropped on the panel are, and a button that forgets them. */
    private static Node priors(PriorsViewModel priors) {
        var summary = new Label();
        summary.setId("priorsSummary");
        summary.setWrapText(true);
        summary.getStyleClass().addAll("muted", "small");
        summary.textProperty().bind(priors.summaryProperty());
        var clear = new javafx.scene.control.Button("Clear");
        clear.setId("clearPriors");
        clear.setOnAction(e -> priors.clear());
        clear.disableProperty().bind(priors.summaryProperty().isEqualTo(PriorsViewModel.NONE));
        clear.setTooltip(new javafx.scene.control.Tooltip("Forget the priors: the next run searches from nothing"));
        return new VBox(6, summary, clear);
    }

    /** Strategy, budget, seed and order; the project's space in words, and the grid's listed configs measured first. */
    private Node searchSettings(RunViewModel run) {
        var strategy = new javafx.scene.control.ChoiceBox<String>(javafx.collections.FXCollections.observableArrayList(
                Strategies.NAMES));
        strategy.setId("strategyChoice");
        strategy.setPrefWidth(130);
        strategy.valueProperty().bindBidirectional(run.settings().strategyProperty());
        var form = formGrid();
        form.addRow(0, label("Strategy"), strategy);
        form.addRow(1, label("Budget"), integer(run.settings().budgetProperty(), "budgetField", Range.BUDGET), unit("trials"));
        var seed = new javafx.beans.property.SimpleIntegerProperty((int) run.settings().seedProperty().get());
        run.settings().seedProperty().addListener((obs, old, now) -> seed.set(now.intValue()));
        seed.addListener((obs, old, now) -> run.settings().seedProperty().set(now.longValue()));
        form.addRow(2, label("Seed"), integer(seed, "seedField", Range.SEED));
        form.getProperties().put("tw.seed", seed);
        var shuffled = new javafx.scene.control.CheckBox("Shuffled order");
        shuffled.setId("shuffledCheck");
        shuffled.selectedProperty().bindBidirectional(run.settings().shuffledProperty());
        shuffled.setTooltip(new javafx.scene.control.Tooltip("Measure the configs in a random order drawn from the seed: a slow spell of the\n"
                + "machine falls on configs at random, and racing meets a strong config early.\n"
                + "Off: in the grid's order (the project's [search] order)."));
        form.add(shuffled, 1, 3, 2, 1);
        var confirmTop = integer(run.settings().confirmTopProperty(), "confirmTopField", Range.CONFIRM_TOP);
        confirmTop.setTooltip(new javafx.scene.control.Tooltip("Once a search of a [space] ends, measure this many of its fastest configs\n"
                + "again, interleaved, in " + Confirmation.ROUNDS + " rounds of fresh processes (as tune --confirm-top):\n"
                + "the best is then the one measured fastest again. 0: no confirmation."));
        form.addRow(4, label("Confirm"), confirmTop, unit("best"));
        var space = new Label();
        space.setWrapText(true);
        space.getStyleClass().addAll("muted", "small");
        space.textProperty().bind(Bindings.createStringBinding(() -> {
            var opened = project.get();
            if (opened == null) return "";
            var p = opened.project().candidates();
            String listed = p.listed().isEmpty() ? "The strategy searches " : "The grid's configs are measured first"
                    + (p.space().isPresent() ? ", then the strategy searches " : ".");
            return p.space().map(s -> listed + "a space of " + s.describe() + ". A budget of 0 takes every config.").orElse(listed
                    + " A [space] in the project gives the strategy more to search.");
        }, project));
        return new VBox(8, form, space);
    }

    /** {@code node}, shown and taking room only while {@code condition} is false. */
    private static <T extends Node> T shownUnless(javafx.beans.value.ObservableBooleanValue condition, T node) {
        node.visibleProperty().bind(Bindings.not(condition));
        node.managedProperty().bind(node.visibleProperty());
        return node;
    }

    /** A label / field / unit form whose labels keep their full width when the panel is narrow. */
    private static GridPane formGrid() {
        var grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        var labels = new javafx.scene.layout.ColumnConstraints();
        labels.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.getColumnConstraints().add(labels);
        return grid;
    }

    private static Label sectionTitle(String text) {
        var l = new Label(text.toUpperCase());
        l.getStyleClass().add("section-title");
        return l;
    }

    private static Label label(String text) {
        return new Label(text);
    }

    private static Label unit(String text) {
        var l = new Label(text);
        l.setMinWidth(Label.USE_PREF_SIZE);
        l.getStyleClass().add("muted");
        return l;
    }

    /**
     * A text field's caret blinks only while the field has focus: an unfocused field whose caret
     * animation still runs (as these did) makes JavaFX render every frame of an idle window.
     */
    private static TextField quietCaret(TextField field) {
        Runnable settle = () -> {
            if (field.getSkin() instanceof javafx.scene.control.skin.TextInputControlSkin<?> skin) skin.setCaretAnimating(field.isFocused());
        };
        field.skinProperty().addListener((obs, was, now) -> settle.run());
        field.focusedProperty().addListener((obs, was, now) -> settle.run());
        // The skin restarts the animation when the text or the caret moves; settle it again afterwards.
        field.caretPositionProperty().addListener((obs, was, now) -> javafx.application.Platform.runLater(settle));
        field.textProperty().addListener((obs, was, now) -> javafx.application.Platform.runLater(settle));
        return field;
    }

    /**
     * A value outside the setting's range is refused: the field goes back to the value it had, and
     * its tooltip says what was refused and the range.
     */
    private static Double refused(TextField field, Range range, double value, double kept) {
        field.setTooltip(new javafx.scene.control.Tooltip(range.refusal(range.settings().split(",")[0], value)));
        return kept;
    }

    private static TextField number(javafx.beans.property.DoubleProperty property, String id, Range range) {
        var field = quietCaret(new TextField());
        field.setId(id);
        field.setPrefColumnCount(4);
        var formatter = new TextFormatter<>(new javafx.util.converter.DoubleStringConverter() {
            @Override
            public Double fromString(String s) {
                try {
                    double v = Double.parseDouble(s.strip());
                    if (!range.contains(v)) return refused(field, range, v, property.get());
                    field.setTooltip(null);
                    return v;
                } catch (NumberFormatException e) {
                    return property.get();
                }
            }

            @Override
            public String toString(Double v) {
                return v == null ? "" : v == Math.rint(v) ? Long.toString(v.longValue()) : v.toString();
            }
        }, property.get());
        field.setTextFormatter(formatter);
        bindStrongly(field, formatter.valueProperty(), property.asObject());
        return field;
    }

    /**
     * Binds a field's value to a property's boxed view. Bidirectional bindings hold their ends
     * weakly, so the boxed view is kept by the field: otherwise it is collected and the field stops
     * following the model (a project's measurement settings would not show) and stops feeding it.
     */
    private static <T> void bindStrongly(TextField field, javafx.beans.property.Property<T> value, javafx.beans.property.Property<T> boxed) {
        field.getProperties().put("tw.boxedValue", boxed);
        value.bindBidirectional(boxed);
    }

    private static TextField integer(javafx.beans.property.IntegerProperty property, String id, Range range) {
        var field = quietCaret(new TextField());
        field.setId(id);
        field.setPrefColumnCount(4);
        var formatter = new TextFormatter<>(new javafx.util.converter.IntegerStringConverter() {
            @Override
            public Integer fromString(String s) {
                try {
                    int v = Integer.parseInt(s.strip());
                    if (!range.contains(v)) return refused(field, range, v, property.get()).intValue();
                    field.setTooltip(null);
                    return v;
                } catch (NumberFormatException e) {
                    return property.get();
                }
            }
        }, property.get());
        field.setTextFormatter(formatter);
        bindStrongly(field, formatter.valueProperty(), property.asObject());
        return field;
    }

}
