package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Dialog;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextFormatter;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;
import org.tuningworkbench.app.chart.ChartExport;
import org.tuningworkbench.app.chart.LatencyChart;
import org.tuningworkbench.app.chart.TrialsChart;
import org.tuningworkbench.app.compare.CompareView;
import org.tuningworkbench.app.compare.CompareViewModel;
import org.tuningworkbench.app.configs.ConfigGridView;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.editor.SourceEditorView;
import org.tuningworkbench.app.project.Examples;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.configs.Combinations;
import org.tuningworkbench.engine.configs.ConfigFormat;
import org.tuningworkbench.engine.configs.ConfigFormatException;
import org.tuningworkbench.engine.marker.Config;

/**
 * The workbench window: run settings on the left, the source editor and log in the middle, the
 * charts and the config grid on the right, menus and a tool bar on top, a status bar below.
 */
public final class MainWindow {

    private final MainViewModel model;
    private MenuItem undoItem;
    private MenuItem redoItem;
    private final Dialogs dialogs;
    private final RecentProjects recent;
    private final BorderPane root = new BorderPane();
    private final SourceEditorView editor;
    private final ConfigGridView grid;
    private final LatencyChart latency;
    private final TrialsChart trials = new TrialsChart();
    private final TabPane charts = new TabPane();
    private final Menu recentMenu = new Menu("Open Recent");
    private Theme theme = Theme.LIGHT;
    private boolean syncingSelection;
    private final java.util.concurrent.atomic.AtomicBoolean drainScheduled = new java.util.concurrent.atomic.AtomicBoolean();

    public MainWindow(MainViewModel model, Dialogs dialogs, RecentProjects recent) {
        this.model = model;
        this.dialogs = dialogs;
        this.recent = recent;
        this.editor = new SourceEditorView(model.editor());
        this.grid = new ConfigGridView(model.grid());
        this.latency = new LatencyChart(model::selectNumber);
        model.grid().bestCaveatProperty().addListener((obs, old, now) -> latency.setBestCaveat(now));
        root.getStyleClass().add("workbench");
        root.getStylesheets().add(Theme.STYLESHEET);

        var top = new VBox(menuBar(), toolBar());
        root.setTop(top);
        root.setLeft(sidePanel());
        root.setCenter(center());
        root.setBottom(statusBar());
        wireSelection();
        wireDragAndDrop();

        // The engine's events are applied in batches, one chart redraw each: the first event of a batch
        // schedules a drain on the JavaFX thread; until it runs, later events join it. Nothing runs while
        // nothing happens (a timer per frame would keep a core busy in an idle window).
        // While a run goes on, the time elapsed and left move once a second, even when no event comes.
        var clock = new javafx.animation.Timeline(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> drainEvents()));
        clock.setCycleCount(javafx.animation.Animation.INDEFINITE);
        model.run().runningProperty().addListener((obs, was, now) -> {
            if (now) clock.play();
            else clock.stop();
        });
        model.run().setOnEventsWaiting(() -> {
            if (drainScheduled.compareAndSet(false, true)) {
                javafx.application.Platform.runLater(() -> {
                    drainScheduled.set(false);
                    drainEvents();
                });
            }
        });
        model.run().baselineProperty().addListener((obs, was, now) -> latency.setBaseline(
                now == null || !now.ok() ? null : now.medianUs(),
                now == null ? null : "baseline: " + now.baseline() + " " + org.tuningworkbench.app.configs.Figures.micros(now.medianUs())));
        // A run, or another project, starts the charts afresh: nothing shown belongs to something else.
        model.run().resultsClearedProperty().addListener((obs, was, now) -> clearCharts());
    }

    private void clearCharts() {
        latency.clear();
        trials.clear();
        latency.select(-1);
    }

    public Parent root() {
        return root;
    }

    public SourceEditorView editorView() {
        return editor;
    }

    public ConfigGridView gridView() {
        return grid;
    }

    public LatencyChart latencyChart() {
        return latency;
    }

    public TrialsChart trialsChart() {
        return trials;
    }

    /** Applies queued run events now; the frame timer does this on its own. */
    public void drainEvents() {
        List<RunViewModel.Result> results = model.run().drain();
        if (results.isEmpty()) return;
        // drain() also moves the progress text on; without results there is nothing more to draw.
        ConfigRow best = model.grid().best();
        latency.addAll(results.stream().map(RunViewModel.Result::record).toList(),
                results.stream().map(RunViewModel.Result::number).toList(), best == null ? -1 : model.grid().numberOf(best));
        trials.addAll(results.stream().map(RunViewModel.Result::record).toList());
        model.refreshSelection();
    }

    public void setTheme(Theme value) {
        theme = value;
        theme.apply(root);
        latency.setDark(value.dark());
        trials.setDark(value.dark());
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    // --- menus and tool bar ---

    private MenuBar menuBar() {
        var open = item("Open Project or Kernel…", "Shortcut+O", this::openWithChooser);
        var examples = new Menu("Open Example");
        for (var example : Examples.list(Examples.home())) {
            var item = new MenuItem(example.name());
            item.setOnAction(e -> model.open(example.project()));
            examples.getItems().add(item);
        }
        var gallery = item("Examples Gallery…", null, this::showGallery);
        recentMenu.setOnShowing(e -> fillRecent());
        recentMenu.getItems().add(new MenuItem("(none)"));
        var save = item("Save", "Shortcut+S", model::save);
        var editProject = item("Edit Project File…", "Shortcut+P", this::editProjectFile);
        var png = item("Export Chart as PNG…", null, () -> exportChart("png"));
        var svg = item("Export Chart as SVG…", null, () -> exportChart("svg"));
        // Quitting asks as closing the window does: hiding the window would skip the question.
        var quit = item("Quit", "Shortcut+Q", () -> {
            if (window() != null) window().fireEvent(new javafx.stage.WindowEvent(window(), javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
        });
        var file = new Menu("File", null, open, examples, gallery, recentMenu, new SeparatorMenuItem(), save, editProject,
                new SeparatorMenuItem(), png, svg, new SeparatorMenuItem(), quit);

        var undo = item("Undo", "Shortcut+Z", () -> undo(true));
        var redo = item("Redo", "Shortcut+Y", () -> undo(false));
        undoItem = undo;
        redoItem = redo;
        var find = item("Find…", "Shortcut+F", editor::showFind);
        var edit = new Menu("Edit", null, undo, redo, new SeparatorMenuItem(), find);

        var add = item("Add Row", "Shortcut+Shift+N", () -> grid.select(model.grid().add()));
        var paste = item("Paste Rows", "Shortcut+Shift+V", this::pasteRows);
        var generate = item("Generate from Value Lists…", "Shortcut+G", this::generateRows);
        var importItem = item("Import…", "Shortcut+I", this::importConfigs);
        var export = new Menu("Export As");
        for (ConfigFormat f : ConfigFormat.values()) {
            var item = new MenuItem(f.label() + "…");
            item.setOnAction(e -> exportConfigs(f));
            export.getItems().add(item);
        }
        var configs = new Menu("Configs", null, add, paste, generate, new SeparatorMenuItem(), importItem, export);

        var run = item("Run", "Shortcut+R", () -> model.run(false));
        var stop = item("Stop", "Esc", model::stop);
        var resume = item("Resume", "Shortcut+Shift+R", () -> model.run(true));
        var compare = item("Compare Selected…", "Shortcut+D", this::compare);
        var apply = item("Apply Best to Source…", "Shortcut+Shift+A", model::applyBest);
        run.disableProperty().bind(model.run().runningProperty());
        resume.disableProperty().bind(model.run().runningProperty());
        stop.disableProperty().bind(model.run().runningProperty().not());
        var runMenu = new Menu("Run", null, run, stop, resume, new SeparatorMenuItem(), compare, apply);

        var dark = new CheckMenuItem("Dark Theme");
        dark.setAccelerator(KeyCombination.keyCombination("Shortcut+T"));
        dark.setOnAction(e -> setTheme(dark.isSelected() ? Theme.DARK : Theme.LIGHT));
        var view = new Menu("View", null, dark);
        var shortcuts = item("Keyboard Shortcuts", "F1", this::showShortcuts);
        var help = new Menu("Help", null, shortcuts);
        var bar = new MenuBar(file, edit, configs, runMenu, view, help);
        bar.setUseSystemMenuBar(false);
        return bar;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        var item = new MenuItem(text);
        if (accelerator != null) item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> action.run());
        return item;
    }

    private Node toolBar() {
        var run = new Button("▶  Run");
        run.setId("runButton");
        run.getStyleClass().addAll("accent", "run-button");
        run.setTooltip(new Tooltip("Save, then build and measure every config (Ctrl+R)"));
        run.setOnAction(e -> model.run(false));
        run.disableProperty().bind(model.run().runningProperty());
        var stop = new Button("■  Stop");
        stop.setId("stopButton");
        stop.getStyleClass().add("danger");
        stop.setTooltip(new Tooltip("Stop the run; finished records are kept (Esc)"));
        stop.setOnAction(e -> model.stop());
        stop.disableProperty().bind(model.run().runningProperty().not());
        var resume = new Button("↻  Resume");
        resume.setId("resumeButton");
        resume.setTooltip(new Tooltip("Measure only the configs the record file does not hold yet (Ctrl+Shift+R)"));
        resume.setOnAction(e -> model.run(true));
        resume.disableProperty().bind(model.run().runningProperty());
        var compare = new Button("Compare");
        compare.setTooltip(new Tooltip("Compare two selected configs side by side (Ctrl+D)"));
        compare.setOnAction(e -> compare());
        var apply = new Button("Apply Best");
        apply.setId("applyBest");
        apply.setTooltip(new Tooltip("Write the best config's values into the source (Ctrl+Shift+A)"));
        apply.setOnAction(e -> model.applyBest());
        apply.disableProperty().bind(model.grid().bestProperty().isNull().or(model.run().runningProperty()));

        var progress = new ProgressBar(0);
        progress.setId("runProgress");
        progress.setPrefWidth(220);
        progress.progressProperty().bind(model.run().progressProperty());
        progress.visibleProperty().bind(model.run().runningProperty().or(model.run().doneProperty().greaterThan(0)));
        var progressText = new Label();
        progressText.setId("progressText");
        progressText.getStyleClass().add("muted");
        progressText.textProperty().bind(model.run().progressTextProperty());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var projectName = new Label();
        projectName.getStyleClass().add("project-name");
        projectName.textProperty().bind(Bindings.createStringBinding(
                () -> model.project() == null ? "no project" : model.project().projectFile().getFileName() + "  ·  " + model.project().project().name(),
                model.projectProperty()));
        var bar = new HBox(8, run, stop, resume, separator(), compare, apply, separator(), progress, progressText, spacer, projectName);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("main-toolbar");
        return bar;
    }

    private static Region separator() {
        var r = new Region();
        r.getStyleClass().add("toolbar-separator");
        return r;
    }

    // --- side panel: device and measurement settings ---

    private Node sidePanel() {
        RunViewModel run = model.run();
        var deviceTitle = sectionTitle("Device");
        var device = new Label();
        device.setWrapText(true);
        device.getStyleClass().add("muted");
        device.textProperty().bind(run.deviceProperty());
        var deviceName = new Label();
        deviceName.getStyleClass().add("strong");
        // A recorded space was measured elsewhere: its trials are answered from its records, not by this CPU.
        deviceName.textProperty().bind(Bindings.createStringBinding(() -> {
            var opened = model.projectProperty().get();
            if (opened != null && opened.recorded().isPresent()) return "Replay of " + opened.recorded().get().deviceName();
            boolean openCl = opened != null && opened.project().language() == org.tuningworkbench.bridge.Language.OPENCL;
            return openCl ? "OpenCL device (" + opened.project().device() + ")" : "CPU (this machine)";
        }, model.projectProperty()));
        deviceName.setWrapText(true);
        var openClDevices = new Label();
        openClDevices.setWrapText(true);
        openClDevices.getStyleClass().addAll("muted", "small");
        openClDevices.textProperty().bind(model.devices().openClProperty());
        openClDevices.managedProperty().bind(openClDevices.textProperty().isNotEmpty());

        var settings = formGrid();
        int row = 0;
        settings.addRow(row++, label("Warm-up"), number(run.warmupMsProperty(), "warmupField"), unit("ms"));
        settings.addRow(row++, label("or"), integer(run.warmupCallsProperty(), "warmupCallsField"), unit("calls (0: by time)"));
        settings.addRow(row++, label("Repeat"), integer(run.repeatProperty(), "repeatField"), unit("samples"));
        settings.addRow(row++, label("Min sample"), number(run.minSampleMsProperty(), "minSampleField"), unit("ms"));
        settings.addRow(row, label("Timeout"), number(run.timeoutSProperty(), "timeoutField"), unit("s"));
        var help = new Label("Each sample calls the kernel often enough to last the minimum sample time; "
                + "the median of the samples is the headline figure.");
        help.setWrapText(true);
        help.getStyleClass().addAll("muted", "small");

        var toolchain = new Label();
        toolchain.setWrapText(true);
        toolchain.getStyleClass().addAll("muted", "small");
        toolchain.textProperty().bind(Bindings.createStringBinding(
                () -> run.toolchainProperty().get().isEmpty() ? "" : "Compiler: " + run.toolchainProperty().get(), run.toolchainProperty()));

        var howTo = new Label("1. End tunable lines with\n     // tunable\n2. List configs in the grid\n3. Press Run (Ctrl+R)\n4. Click a bar to see its variant");
        howTo.getStyleClass().addAll("how-to");
        howTo.setWrapText(true);

        var box = new VBox(10, sectionTitle("Getting started"), howTo, deviceTitle, deviceName, device, openClDevices, toolchain,
                sectionTitle("Measurement"), settings, help, sectionTitle("Search"), searchSettings(run));
        box.setPadding(new Insets(14, 14, 14, 14));
        box.getStyleClass().add("side-panel");
        box.setPrefWidth(268);
        box.setMinWidth(250);
        return box;
    }

    /** Strategy, budget and seed; the project's space in words, and the grid's listed configs measured first. */
    private Node searchSettings(RunViewModel run) {
        var strategy = new javafx.scene.control.ChoiceBox<String>(javafx.collections.FXCollections.observableArrayList(
                org.tuningworkbench.engine.search.Strategies.NAMES));
        strategy.setId("strategyChoice");
        strategy.setPrefWidth(130);
        strategy.valueProperty().bindBidirectional(run.strategyProperty());
        var form = formGrid();
        form.addRow(0, label("Strategy"), strategy);
        form.addRow(1, label("Budget"), integer(run.budgetProperty(), "budgetField", 0), unit("trials"));
        var seed = new javafx.beans.property.SimpleIntegerProperty((int) run.seedProperty().get());
        run.seedProperty().addListener((obs, old, now) -> seed.set(now.intValue()));
        seed.addListener((obs, old, now) -> run.seedProperty().set(now.longValue()));
        form.addRow(2, label("Seed"), integer(seed, "seedField", 0));
        form.getProperties().put("tw.seed", seed);
        var space = new Label();
        space.setWrapText(true);
        space.getStyleClass().addAll("muted", "small");
        space.textProperty().bind(Bindings.createStringBinding(() -> {
            var opened = model.projectProperty().get();
            if (opened == null) return "";
            var p = opened.project();
            String listed = p.configs().isEmpty() ? "The strategy searches " : "The grid's configs are measured first"
                    + (p.space().isPresent() ? ", then the strategy searches " : ".");
            return p.space().map(s -> listed + "a space of " + s.describe() + ". A budget of 0 takes every config.").orElse(listed
                    + " Give the project a [space] to search beyond them.");
        }, model.projectProperty()));
        return new VBox(8, form, space);
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

    private static TextField number(javafx.beans.property.DoubleProperty property, String id) {
        var field = quietCaret(new TextField());
        field.setId(id);
        field.setPrefColumnCount(5);
        var formatter = new TextFormatter<>(new javafx.util.converter.DoubleStringConverter() {
            @Override
            public Double fromString(String s) {
                try {
                    double v = Double.parseDouble(s.strip());
                    return v >= 0 ? v : property.get();
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

    private static TextField integer(javafx.beans.property.IntegerProperty property, String id) {
        return integer(property, id, 1);
    }

    private static TextField integer(javafx.beans.property.IntegerProperty property, String id, int minimum) {
        var field = quietCaret(new TextField());
        field.setId(id);
        field.setPrefColumnCount(5);
        var formatter = new TextFormatter<>(new javafx.util.converter.IntegerStringConverter() {
            @Override
            public Integer fromString(String s) {
                try {
                    int v = Integer.parseInt(s.strip());
                    return v >= minimum ? v : property.get();
                } catch (NumberFormatException e) {
                    return property.get();
                }
            }
        }, property.get());
        field.setTextFormatter(formatter);
        bindStrongly(field, formatter.valueProperty(), property.asObject());
        return field;
    }

    // --- center: editor and log | charts and grid ---

    private Node center() {
        var log = new TextArea();
        log.setId("logPane");
        log.setEditable(false);
        log.getStyleClass().add("log");
        log.setWrapText(true);
        log.textProperty().bind(Bindings.createStringBinding(
                () -> model.selectedLogProperty().get().isEmpty() ? "Select a config to see its build output and the run's stderr."
                        : model.selectedLogProperty().get(), model.selectedLogProperty()));
        var logTitle = new Label("Log of the selected config");
        logTitle.getStyleClass().add("pane-title");
        var logHeader = new HBox(logTitle);
        logHeader.getStyleClass().add("pane-header");
        var logPane = new BorderPane(log, logHeader, null, null, null);

        var hint = new Label("No results yet.\nPress  ▶ Run  (Ctrl+R): every config in the grid is\nbuilt, run and checked, and its bar appears here.");
        hint.getStyleClass().add("chart-hint");
        hint.setMouseTransparent(true);
        hint.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        hint.visibleProperty().bind(model.run().runningProperty().not().and(model.run().doneProperty().isEqualTo(0)));
        var latencyTab = new Tab("Latency per config", new javafx.scene.layout.StackPane(latency.viewer(), hint));
        var trialsTab = new Tab("Trials over time", trials.viewer());
        charts.getTabs().addAll(latencyTab, trialsTab);
        charts.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var exportButton = new MenuButton("Export");
        var png = new MenuItem("PNG…");
        png.setOnAction(e -> exportChart("png"));
        var svg = new MenuItem("SVG…");
        svg.setOnAction(e -> exportChart("svg"));
        exportButton.getItems().addAll(png, svg);
        var chartHint = new Label("drag to zoom · Ctrl+drag to pan · wheel to zoom · right-click to reset");
        chartHint.getStyleClass().addAll("muted", "small");
        var chartHeader = new HBox(10, chartHint, exportButton);
        chartHeader.setAlignment(Pos.CENTER_RIGHT);
        chartHeader.setPadding(new Insets(4, 8, 0, 8));
        var chartPane = new BorderPane(charts, chartHeader, null, null, null);

        var generate = new Button("Generate…");
        generate.setTooltip(new Tooltip("Rows for every combination of value lists (Ctrl+G)"));
        generate.setOnAction(e -> generateRows());
        var paste = new Button("Paste");
        paste.setTooltip(new Tooltip("Append tab-separated rows from the clipboard (Ctrl+Shift+V)"));
        paste.setOnAction(e -> pasteRows());
        var importButton = new Button("Import…");
        importButton.setOnAction(e -> importConfigs());
        var export = new MenuButton("Export");
        for (ConfigFormat f : ConfigFormat.values()) {
            var item = new MenuItem(f.label() + "…");
            item.setOnAction(e -> exportConfigs(f));
            export.getItems().add(item);
        }
        grid.addTools(paste, generate, importButton, export);
        grid.setOnPaste(this::pasteRows);

        var top = new SplitPane(editor, chartPane);
        top.setDividerPositions(0.52);
        var bottom = new SplitPane(grid, logPane);
        bottom.setDividerPositions(0.78);
        var main = new SplitPane(top, bottom);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.6);
        return main;
    }

    private Node statusBar() {
        var status = new StatusBar();
        status.setId("statusBar");
        status.textProperty().bind(model.run().messageProperty());
        var best = new Label();
        best.getStyleClass().add("best-label");
        best.textProperty().bind(Bindings.createStringBinding(() -> {
            ConfigRow b = model.grid().bestProperty().get();
            if (b == null) return "";
            String caveat = model.grid().bestCaveatProperty().get();
            return (caveat.isEmpty() ? "★ best: No." : "fastest: No.") + model.grid().numberOf(b) + "  "
                    + org.tuningworkbench.app.configs.Figures.micros(b.record().medianUs()) + (caveat.isEmpty() ? "" : " (" + caveat + ")");
        }, model.grid().bestProperty(), model.grid().bestCaveatProperty()));
        var markers = new Label();
        markers.getStyleClass().add("muted");
        markers.textProperty().bind(Bindings.createStringBinding(
                () -> model.editor().parameters().size() + " tunable parameters", model.editor().parameters()));
        status.getRightItems().addAll(best, new Label("   "), markers);
        return status;
    }

    // --- selection between grid, chart and editor ---

    private void wireSelection() {
        var table = grid.table();
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (syncingSelection) return;
            syncingSelection = true;
            model.selectedProperty().set(now);
            syncingSelection = false;
        });
        model.selectedProperty().addListener((obs, old, now) -> {
            latency.select(now == null ? -1 : model.grid().numberOf(now));
            if (syncingSelection || now == null) return;
            syncingSelection = true;
            grid.select(now);
            syncingSelection = false;
        });
    }

    private void wireDragAndDrop() {
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        root.setOnDragDropped(e -> {
            var files = e.getDragboard().getFiles();
            boolean ok = !files.isEmpty() && model.open(files.getFirst().toPath());
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /**
     * Keys that work everywhere in the window, whatever has the focus: Esc stops a run (taken before a
     * table or a field could swallow it), Ctrl+Tab and Ctrl+Shift+Tab move between the panes, as in
     * IDEs (Tab itself stays a character in the editor).
     */
    public void installShortcuts(javafx.scene.Scene scene) {
        // The Edit menu names what Undo and Redo would do where the focus is.
        undoItem.textProperty().bind(Bindings.createStringBinding(() -> model.undoesHistory(typing())
                ? ("Undo " + model.history().undoNameProperty().get()).strip() : "Undo Typing",
                model.history().undoNameProperty(), scene.focusOwnerProperty(), model.editor().textProperty()));
        redoItem.textProperty().bind(Bindings.createStringBinding(() -> model.undoesHistory(typing())
                ? ("Redo " + model.history().redoNameProperty().get()).strip() : "Redo Typing",
                model.history().redoNameProperty(), scene.focusOwnerProperty(), model.editor().textProperty()));
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && model.run().isRunning()) {
                model.stop();
                e.consume();
            } else if (e.isShortcutDown() && (e.getCode() == KeyCode.Z || e.getCode() == KeyCode.Y) && model.undoesHistory(typing())) {
                undo(e.getCode() == KeyCode.Z && !e.isShiftDown());
                e.consume();
            } else if (e.getCode() == KeyCode.TAB && e.isShortcutDown()) {
                focusNextPane(scene, e.isShiftDown() ? -1 : 1);
                e.consume();
            }
        });
    }

    /** Whether the focus is where text is typed (the source, a cell being edited): Undo there is the typing's own. */
    private boolean typing() {
        var owner = window() == null || window().getScene() == null ? null : window().getScene().getFocusOwner();
        return owner instanceof javafx.scene.control.TextInputControl || owner == editor.area();
    }

    /** Undo or redo: the typing's own where text is typed, otherwise the grid's edits and Apply Best. */
    private void undo(boolean undo) {
        if (model.undoesHistory(typing())) {
            if (undo) model.history().undo();
            else model.history().redo();
        } else if (undo) {
            editor.area().undo();
        } else {
            editor.area().redo();
        }
    }

    /** The panes Ctrl+Tab visits, in order: the source, the grid, the chart, the log, the run panel. */
    private static final List<String> PANES = List.of("#sourceArea", "#variantArea", "#configTable", "#latencyChart", "#logPane", "#runButton");

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) if (!n.isVisible()) return false;
        return true;
    }

    private void focusNextPane(javafx.scene.Scene scene, int step) {
        var panes = PANES.stream().map(scene::lookup).filter(n -> n != null && shown(n) && !n.isDisabled()).toList();
        if (panes.isEmpty()) return;
        var owner = scene.getFocusOwner();
        int at = -1;
        for (int i = 0; i < panes.size(); i++) {
            for (var n = owner; n != null; n = n.getParent()) if (n == panes.get(i)) at = i;
        }
        var next = panes.get(Math.floorMod(at + step, panes.size()));
        next.setFocusTraversable(true);
        next.requestFocus();
    }

    // --- actions ---

    private void openWithChooser() {
        var chooser = new FileChooser();
        chooser.setTitle("Open a project or a kernel file");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Projects, kernels and recorded spaces", "*.toml", "*.c", "*.cc", "*.cpp", "*.cxx", "*.cu", "*.h",
                        "*.hpp", "*.json", "*.json.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (model.project() != null) chooser.setInitialDirectory(model.project().projectFile().getParent().toFile());
        var file = chooser.showOpenDialog(window());
        if (file != null) model.open(file.toPath());
    }

    private void fillRecent() {
        recentMenu.getItems().clear();
        List<Path> paths;
        try {
            paths = recent.list();
        } catch (RuntimeException e) {
            paths = List.of();
        }
        for (Path p : paths) {
            var item = new MenuItem(p.getParent().getFileName() + "/" + p.getFileName() + "   " + p.getParent());
            item.setOnAction(e -> model.open(p));
            recentMenu.getItems().add(item);
        }
        if (recentMenu.getItems().isEmpty()) {
            var none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    private void showGallery() {
        var examples = Examples.list(Examples.home());
        var list = new VBox(10);
        list.setPadding(new Insets(8));
        var dialog = new Dialog<Void>();
        dialog.initOwner(window());
        dialog.setTitle("Examples");
        dialog.setHeaderText("Open a bundled example: each is a kernel with tunable lines and a list of configs to try.");
        for (var example : examples) {
            var title = new Label(example.name());
            title.getStyleClass().add("pane-title");
            var text = new Label(example.description());
            text.setWrapText(true);
            text.setMaxWidth(520);
            var open = new Button("Open");
            open.getStyleClass().add("accent");
            open.setMinWidth(Region.USE_PREF_SIZE);
            open.setOnAction(e -> {
                dialog.close();
                model.open(example.project());
            });
            var card = new HBox(12, new VBox(4, title, text), open);
            card.getStyleClass().add("example-card");
            card.setAlignment(Pos.CENTER_LEFT);
            list.getChildren().add(card);
        }
        if (examples.isEmpty()) list.getChildren().add(new Label("No examples were found under " + Examples.home().resolve("examples")));
        dialog.getDialogPane().setContent(list);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().add(Theme.STYLESHEET);
        dialog.show();
    }

    /** The project file as text (arguments, sizes, golden, build), saved and reloaded when it reads without errors. */
    private void editProjectFile() {
        if (model.project() == null) return;
        if (!model.save()) return;
        var text = new TextArea(model.project().projectText());
        text.getStyleClass().add("log");
        text.setPrefColumnCount(90);
        text.setPrefRowCount(32);
        var dialog = new Dialog<ButtonType>();
        dialog.initOwner(window());
        dialog.setTitle("Project file");
        dialog.setHeaderText(model.project().projectFile().toString());
        dialog.getDialogPane().setContent(text);
        var saveType = new ButtonType("Save and Reload", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(saveType, ButtonType.CANCEL);
        dialog.getDialogPane().getStylesheets().add(Theme.STYLESHEET);
        // A text with errors keeps the dialog open, so the person can fix what the dialog listed.
        dialog.getDialogPane().lookupButton(saveType).addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            if (!model.saveProjectText(text.getText())) e.consume();
        });
        dialog.showAndWait();
    }

    private void pasteRows() {
        String text = Clipboard.getSystemClipboard().getString();
        if (text == null || text.isBlank()) {
            dialogs.showProblem("Nothing to paste", List.of("Copy rows from a spreadsheet: one config per line, values separated by tabs, "
                    + "optionally with a header line naming the parameters."));
            return;
        }
        try {
            model.grid().paste(text);
        } catch (ConfigFormatException e) {
            dialogs.showProblem("The clipboard does not hold config rows", List.of(e.getMessage()));
        }
    }

    private void generateRows() {
        var names = List.copyOf(model.grid().parameters());
        if (names.isEmpty()) {
            dialogs.showProblem("No tunable parameters", List.of("Mark a line of the kernel with  // tunable  first."));
            return;
        }
        var dialog = new Dialog<Map<String, String>>();
        dialog.initOwner(window());
        dialog.setTitle("Generate configs");
        dialog.setHeaderText("One row for every combination. One value a line.");
        var form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        var fields = new LinkedHashMap<String, javafx.scene.control.TextArea>();
        var count = new Label();
        Runnable recount = () -> {
            var lists = new LinkedHashMap<String, List<String>>();
            fields.forEach((k, f) -> lists.put(k, Combinations.values(f.getText())));
            long n = Combinations.count(lists);
            count.setText(n + (n == 1 ? " config" : " configs") + " will be added");
        };
        int row = 0;
        for (String name : names) {
            var field = new javafx.scene.control.TextArea(model.editor().source().parameters().get(name).value());
            field.setPrefColumnCount(36);
            field.setPrefRowCount(3);
            field.textProperty().addListener((o, a, b) -> recount.run());
            fields.put(name, field);
            var label = new Label(name);
            label.setMinWidth(Region.USE_PREF_SIZE);
            form.addRow(row++, label, field);
        }
        form.add(count, 1, row);
        recount.run();
        dialog.getDialogPane().setContent(form);
        var add = new ButtonType("Add Rows", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(add, ButtonType.CANCEL);
        dialog.setResultConverter(b -> {
            if (b != add) return null;
            var out = new LinkedHashMap<String, String>();
            fields.forEach((k, f) -> out.put(k, f.getText()));
            return out;
        });
        dialog.showAndWait().ifPresent(model.grid()::generate);
    }

    private void importConfigs() {
        var chooser = new FileChooser();
        chooser.setTitle("Import configs");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Config lists", "*.txt", "*.py", "*.json", "*.csv"),
                new FileChooser.ExtensionFilter("All files", "*"));
        var file = chooser.showOpenDialog(window());
        if (file == null) return;
        try {
            model.importConfigs(Files.readString(file.toPath()), ConfigFormat.of(file.toPath()));
        } catch (IOException e) {
            dialogs.showProblem("Cannot read " + file.getName(), List.of(e.getMessage()));
        } catch (ConfigFormatException e) {
            dialogs.showProblem(file.getName() + " is not a list of configs", List.of(file + ": " + e.getMessage()));
        }
    }

    private void exportConfigs(ConfigFormat format) {
        var chooser = new FileChooser();
        chooser.setTitle("Export configs as " + format.label());
        chooser.setInitialFileName("configs." + format.extension());
        var file = chooser.showSaveDialog(window());
        if (file == null) return;
        try {
            Files.writeString(file.toPath(), model.grid().exportText(format));
        } catch (IOException e) {
            dialogs.showProblem("Cannot write " + file.getName(), List.of(e.getMessage()));
        }
    }

    private void exportChart(String extension) {
        var chooser = new FileChooser();
        chooser.setTitle("Export chart as " + extension.toUpperCase());
        boolean trialsShown = charts.getSelectionModel().getSelectedIndex() == 1;
        chooser.setInitialFileName((trialsShown ? "trials." : "latency.") + extension);
        var file = chooser.showSaveDialog(window());
        if (file == null) return;
        try {
            ChartExport.write(trialsShown ? trials.chart() : latency.chart(), file.toPath(), 1200, 700);
        } catch (IOException e) {
            dialogs.showProblem("Cannot write " + file.getName(), List.of(e.getMessage()));
        }
    }

    private void compare() {
        List<ConfigRow> rows = grid.selected();
        ConfigRow a;
        ConfigRow b;
        if (rows.size() >= 2) {
            a = rows.get(0);
            b = rows.get(1);
        } else if (rows.size() == 1 && model.grid().best() != null && model.grid().best() != rows.getFirst()) {
            a = model.grid().best();
            b = rows.getFirst();
        } else {
            dialogs.showProblem("Select two configs", List.of("Select two rows of the grid (Ctrl+click), or one row to compare with the best."));
            return;
        }
        var grid = model.grid();
        var vm = new CompareViewModel(model.editor().source(), "No." + grid.numberOf(a), grid.configOf(a), a.record(),
                "No." + grid.numberOf(b), grid.configOf(b), b.record());
        CompareView.show(window(), vm, List.of(Theme.STYLESHEET), theme.dark());
    }

    private void showShortcuts() {
        var alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.INFORMATION);
        alert.initOwner(window());
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        var text = new Label(Shortcuts.TEXT);
        text.getStyleClass().add("shortcuts");
        alert.getDialogPane().setContent(text);
        alert.show();
    }
}
