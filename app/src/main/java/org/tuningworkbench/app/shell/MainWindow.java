package org.tuningworkbench.app.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.tuningworkbench.app.analysis.HeatMapView;
import org.tuningworkbench.app.analysis.HeatMapViewModel;
import org.tuningworkbench.app.analysis.ParallelCoordinatesView;
import org.tuningworkbench.app.analysis.ParallelCoordinatesViewModel;
import org.tuningworkbench.app.analysis.ParameterEffectView;
import org.tuningworkbench.app.analysis.ParameterEffectViewModel;
import org.tuningworkbench.app.analysis.ResultsChartView;
import org.tuningworkbench.app.analysis.RooflineView;
import org.tuningworkbench.app.analysis.RooflineViewModel;
import org.tuningworkbench.app.chart.ChartsView;
import org.tuningworkbench.app.chart.LatencyChart;
import org.tuningworkbench.app.chart.LatencyScale;
import org.tuningworkbench.app.chart.TrialsChart;
import org.tuningworkbench.app.configs.ConfigGridView;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.editor.SourceEditorView;
import org.tuningworkbench.app.lesson.LessonMode;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.replay.ReplayBar;
import org.tuningworkbench.app.replay.ReplayMode;
import org.tuningworkbench.app.run.RunSettingsView;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.configs.ConfigFormat;

/**
 * The workbench window: run settings on the left, the source editor and log in the middle, the
 * charts and the config grid on the right, menus and a tool bar on top, a status bar below. The
 * menus, the tool bar and the shortcuts come from one table ({@link WindowActions}); each dialog
 * is a view of its own.
 */
public final class MainWindow {

    private final MainViewModel model;
    private final BorderPane root = new BorderPane();
    private final ZoomedPane zoomed = new ZoomedPane(root);
    private final Node sidePanel;
    private final SourceEditorView editor;
    private final ConfigGridView grid;
    private final LatencyChart latency;
    private final TrialsChart trials = new TrialsChart();
    private final ChartsView charts;
    private final WindowActions actions;
    /** The views of why configs are fast built so far: each is built when its tab is first shown. */
    private final List<ResultsChartView<?>> views = new ArrayList<>();
    private final VBox top = new VBox();
    private final LessonMode lessonMode;
    private final ReplayMode replayMode;
    private PresentMode presentMode;
    private Theme theme = Theme.LIGHT;
    private boolean syncingSelection;
    private final ResultsFeed feed;

    public MainWindow(MainViewModel model, Dialogs dialogs, RecentProjects recent) {
        this.model = model;
        this.editor = new SourceEditorView(model.editor());
        this.grid = new ConfigGridView(model.grid());
        this.latency = new LatencyChart(model::selectNumber);
        model.grid().bestCaveatProperty().addListener((obs, old, now) -> latency.setBestCaveat(now));
        model.grid().rankingProperty().addListener((obs, old, now) -> latency.setConfirmed(model.grid().confirmedFigures()));
        this.charts = new ChartsView(extension -> actions().exportChart(extension));
        this.lessonMode = new LessonMode(model.projectProperty(), model.grid(), model.editor(), model.selectedProperty(), dialogs::showProblem,
                this::showLessonPane, model::measureLesson);
        lessonMode.storyFrom(model.run().baselineProperty()::get, () -> model.reports().knownCeilings().map(Ceilings::peakGflops).orElse(null));
        this.replayMode = new ReplayMode(model.projectProperty(), model.run(), this::drainEvents, dialogs::showProblem,
                this::showReplayBar, System::nanoTime);
        this.actions = new WindowActions(model, dialogs, recent, editor, grid, charts, this::window, this);
        root.getStyleClass().add("workbench");
        root.getStylesheets().add(Theme.STYLESHEET);

        top.getChildren().setAll(actions.bar().menuBar(), MainToolBar.of(model, actions.bar(), lessonMode.activeProperty(), replayMode.activeProperty()));
        root.setTop(top);
        sidePanel = new RunSettingsView(model.run(), model.projectProperty(), model.recordedSpaceOpen(), model.devices().openClProperty()).root();
        root.setLeft(sidePanel);
        root.setCenter(center());
        root.setBottom(new StatusLine(model).root());
        root.widthProperty().addListener((obs, was, now) -> placeSidePanel());
        // Below this width (a projector's 1024×700, or the window zoomed in) the tool bar's buttons show their icons alone.
        actions.bar().compactProperty().bind(root.widthProperty().lessThan(COMPACT_BELOW));
        wireSelection();
        // While a project is being opened, the empty grid says so rather than inviting rows.
        var emptyGrid = grid.table().getPlaceholder();
        model.openingProperty().addListener((obs, was, now) ->
                grid.table().setPlaceholder(now == null ? emptyGrid : new Label("Opening " + MainToolBar.shortName(now) + " …")));
        wireDragAndDrop();
        // Esc leaves present mode, unless the focused control took it (an edit cancelled, a menu closed).
        root.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && presentMode.activeProperty().get()) {
                presentMode.leave();
                e.consume();
            }
        });

        feed = new ResultsFeed(model, latency, trials, lessonMode::refresh);
        model.run().baselineProperty().addListener((obs, was, now) -> latency.setBaseline(
                now == null || !now.ok() ? null : now.medianUs(),
                now == null ? null : now.baseline() + " " + Figures.micros(now.medianUs())));
        // A run, or another project, starts the charts afresh: nothing shown belongs to something else.
        model.run().resultsClearedProperty().addListener((obs, was, now) -> clearCharts());
        model.onProjectOpened(this::resetViews);
        var scale = model.results().scale();
        scale.logProperty().addListener((obs, was, now) -> {
            latency.setLogScale(now);
            trials.setLogScale(now);
        });
    }

    private WindowActions actions() {
        return actions;
    }

    private boolean sidePanelBeforeLesson = true;

    /** The lesson pane takes the right; the run settings make way for it while it is open, and come back after. */
    private void showLessonPane(Node pane) {
        if (pane != null && root.getRight() == null) {
            sidePanelBeforeLesson = sidePanelWanted;
            setSidePanelShown(false);
        } else if (pane == null && root.getRight() != null) {
            setSidePanelShown(sidePanelBeforeLesson);
        }
        root.setRight(pane);
        placeSidePanel();
    }

    /** Whether the run settings are wanted on the left; they still give way while the window is too narrow for them (see {@link #placeSidePanel}). */
    private boolean sidePanelWanted = true;

    /** Shows or hides the run settings on the left (a small screen gives their width to the source and the grid). */
    public void setSidePanelShown(boolean shown) {
        sidePanelWanted = shown;
        placeSidePanel();
    }

    /**
     * The run settings are on the left when wanted and when the content's width (the window's over its
     * zoom) holds them beside the least the middle and the right need: on a projector zoomed in they give
     * way rather than push the window's right edge off the screen, and come back when there is room.
     */
    private void placeSidePanel() {
        double width = root.getWidth();
        Node right = root.getRight();
        // A border pane gives its sides their preferred widths, the middle what is left down to its least.
        boolean fits = width <= 0 || width >= sidePanel.prefWidth(-1) + root.getCenter().minWidth(-1) + (right == null ? 0 : right.prefWidth(-1));
        // Presenting, they give way whatever is wanted, and come back as wanted after.
        boolean presenting = presentMode != null && presentMode.activeProperty().get();
        Node left = sidePanelWanted && fits && !presenting ? sidePanel : null;
        if (root.getLeft() != left) root.setLeft(left);
    }

    public boolean sidePanelShown() {
        return root.getLeft() != null;
    }

    public LessonMode lessonMode() {
        return lessonMode;
    }

    public ReplayMode replayMode() {
        return replayMode;
    }

    /** View → Present: the source and the charts stacked and larger, for a class; on or off. */
    public void togglePresent() {
        presentMode.toggle();
    }

    public ReadOnlyBooleanProperty presentingProperty() {
        return presentMode.activeProperty();
    }

    /** The replay's bar sits under the tool bar while a replay is open. */
    private void showReplayBar(Node bar) {
        top.getChildren().removeIf(n -> n instanceof ReplayBar);
        if (bar != null) top.getChildren().add(bar);
    }

    private void clearCharts() {
        latency.clear();
        trials.clear();
        latency.select(-1);
    }

    /** Another project opened: every view forgets what it was showing of the last one (see {@link MainViewModel#onProjectOpened}). */
    private void resetViews() {
        clearCharts();
        grid.reset();
        views.forEach(ResultsChartView::reset);
        lessonMode.projectOpened();
    }

    /** The window's content, at its zoom: a scene's root. */
    public Parent root() {
        return zoomed;
    }

    /** The log pane's least width: narrower, beside a lesson at 1024 pixels, it wrapped a character a line. */
    static final double LOG_MIN_WIDTH = 180;

    /** The width below which the tool bar's buttons show only their icons, in the window's own (unzoomed) pixels. */
    static final double COMPACT_BELOW = 1180;

    /** Zooms the whole window one step in ({@code step} 1), out (-1), or back to its usual size (0). */
    public void zoom(int step) {
        zoomed.step(step);
    }

    /** The menu item of the action called {@code text}, as the menus show it. */
    public MenuItem menuItem(String text) {
        return actions.bar().item(text);
    }

    /** The window's zoom: 1 is its usual size. */
    public double zoom() {
        return zoomed.zoomProperty().get();
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

    /** The views of why configs are fast (parameter effect, heat map, parallel coordinates, roofline) whose tabs have been shown. */
    public List<ResultsChartView<?>> resultViews() {
        return List.copyOf(views);
    }

    public ChartsView chartsView() {
        return charts;
    }

    /** Shows the chart tab of {@code view} (latency, trials, effect, heatmap, parallel, roofline) and draws it now. */
    public void showView(String view) {
        if (!charts.show(view)) throw new IllegalArgumentException("no chart view " + view + "; there are " + charts.fileStems());
        drainEvents();
        views.forEach(ResultsChartView::catchUp);
    }

    /** Whether every view of the results draws the results as they are (none waits for work off the JavaFX thread). */
    public boolean viewsSettled() {
        return views.stream().allMatch(ResultsChartView::settled) && trials.painted();
    }

    /** Applies queued run events now; the frame timer does this on its own. */
    public void drainEvents() {
        feed.drainAll();
    }

    public void setTheme(Theme value) {
        theme = value;
        theme.apply(root);
        latency.setDark(value.dark());
        trials.setDark(value.dark());
        for (var view : views) view.setDark(value.dark());
    }

    Theme theme() {
        return theme;
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
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
        // Short, as the pane is narrow: its text says whose log it is (No.3 · ok) or how to get one.
        var logTitle = new Label("Log");
        logTitle.getStyleClass().add("pane-title");
        var logHeader = new HBox(logTitle);
        logHeader.getStyleClass().add("pane-header");
        var logPane = new BorderPane(log, logHeader, null, null, null);
        logPane.setMinWidth(LOG_MIN_WIDTH);

        var hint = new Label();
        // What Run does, said alike above the chart and in the empty grid: measure the grid's configs, or search the project's space.
        hint.textProperty().bind(Bindings.when(model.runSearchesSpace())
                .then("No results yet.\nPress  Run  (Ctrl+R): the search measures configs of the\nproject's space, and each one's bar appears here.")
                .otherwise("No results yet.\nPress  Run  (Ctrl+R): every config in the grid is\nbuilt, run and checked, and its bar appears here."));
        grid.emptyText().bind(Bindings.when(model.runSearchesSpace())
                .then("No configs listed: Run (Ctrl+R) searches the project's space, and each config it measures joins the grid.")
                .otherwise(ConfigGridView.LISTS_NOTHING));
        hint.getStyleClass().add("chart-hint");
        hint.setMouseTransparent(true);
        hint.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        hint.visibleProperty().bind(model.run().runningProperty().not().and(model.run().doneProperty().isEqualTo(0)));
        var scaleChoice = new ChoiceBox<LatencyScale.Choice>(
                FXCollections.observableArrayList(LatencyScale.Choice.values()));
        scaleChoice.setId("latencyScale");
        scaleChoice.valueProperty().bindBidirectional(model.results().scale().choiceProperty());
        charts.addTool(scaleChoice);
        // A chart whose tab is hidden does not draw: it draws once when its tab is shown.
        charts.add(new ChartsView.ChartTab("Latency per config", "latency", latency.chart(), new StackPane(latency.viewer(), hint), latency::setShown));
        charts.add(new ChartsView.ChartTab("Trials over time", "trials", trials.chart(), trials.viewer(), trials::setShown));
        var results = model.results();
        resultView("Parameter effect", "effect", () -> new ParameterEffectView(new ParameterEffectViewModel(results), results));
        resultView("Heat map", "heatmap", () -> new HeatMapView(new HeatMapViewModel(results), results));
        resultView("Parallel coordinates", "parallel", () -> new ParallelCoordinatesView(new ParallelCoordinatesViewModel(results), results));
        resultView("Roofline", "roofline", () -> new RooflineView(new RooflineViewModel(results, model.reports()::knownCeilings), results));

        var generate = new Button("Generate…");
        generate.setTooltip(new Tooltip("Rows for every combination of value lists (Ctrl+G)"));
        generate.setOnAction(e -> actions.generateRows());
        var paste = new Button("Paste");
        paste.setTooltip(new Tooltip("Append tab-separated rows from the clipboard (Ctrl+Shift+V)"));
        paste.setOnAction(e -> actions.pasteRows());
        var importButton = new Button("Import…");
        importButton.setOnAction(e -> actions.importConfigs());
        var export = new MenuButton("Export");
        for (ConfigFormat f : ConfigFormat.values()) {
            var item = new MenuItem(f.label() + "…");
            item.setOnAction(e -> actions.exportConfigs(f));
            export.getItems().add(item);
        }
        grid.addTools(paste, generate, importButton, export);

        var top = new SplitPane(editor, charts.root());
        top.setDividerPositions(0.52);
        var bottom = new SplitPane(grid, logPane);
        bottom.setDividerPositions(0.78);
        var main = new SplitPane(top, bottom);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.6);
        presentMode = new PresentMode(main, top, bottom, zoomed.zoomProperty(), this::placeSidePanel);
        return main;
    }

    /**
     * A tab for a view of why configs are fast, built when the tab is first shown: it then draws every
     * result so far, in the window's theme, and follows the results and the selection from there on.
     */
    private void resultView(String title, String fileStem, Supplier<ResultsChartView<?>> build) {
        charts.add(new ChartsView.ChartTab(title, fileStem, () -> {
            var view = build.get();
            view.setDark(theme.dark());
            views.add(view);
            return new ChartsView.View(view.chart(), view.root(), view::setShown);
        }));
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
     * The window's keys, from its table of actions ({@link WindowActions}), and the Edit menu's names for what Undo and
     * Redo would do; the source takes the focus.
     */
    public void installShortcuts(Scene scene) {
        actions.nameUndo(scene);
        actions.bar().takeKeysFirst(scene);
        // The source has the focus first, as in an editor: otherwise it went to the first field of the run settings,
        // and a key pressed before a click changed the warm-up.
        scene.windowProperty().addListener((obs, was, now) -> {
            if (now != null) now.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> editor.area().requestFocus());
        });
    }
}
