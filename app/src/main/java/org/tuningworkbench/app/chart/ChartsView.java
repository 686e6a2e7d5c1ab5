package org.tuningworkbench.app.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.jfree.chart.JFreeChart;

/**
 * The chart pane: one tab a view of the results, an Export button for the shown one. A view is one
 * {@link #add} call, so new views slot in here and nowhere else; a view may be built only when its
 * tab is first shown.
 */
public final class ChartsView {

    /** What a tab shows: its chart, its content, and what to tell it when its tab is shown or hidden. */
    public record View(JFreeChart chart, Node content, Consumer<Boolean> onShown) {}

    /**
     * A view of the results in a tab: its title, the file name an export suggests, and the view, built
     * the first time its tab is shown (a view never shown costs the window nothing).
     */
    public static final class ChartTab {
        private final String title;
        private final String fileStem;
        private final Supplier<View> build;
        private View view;

        /** A view built the first time its tab is shown; until then it is told nothing. */
        public ChartTab(String title, String fileStem, Supplier<View> build) {
            this.title = title;
            this.fileStem = fileStem;
            this.build = build;
        }

        /** A view that exists already, told at once whether its tab is shown. */
        public ChartTab(String title, String fileStem, JFreeChart chart, Node content, Consumer<Boolean> onShown) {
            this(title, fileStem, () -> null);
            this.view = new View(chart, content, onShown);
        }

        /** A view that exists already and does nothing different while hidden. */
        public ChartTab(String title, String fileStem, JFreeChart chart, Node content) {
            this(title, fileStem, chart, content, shown -> {});
        }

        public String title() { return title; }
        public String fileStem() { return fileStem; }

        /** The view's chart (building the view if it was not yet). */
        public JFreeChart chart() { return view().chart(); }

        /** Whether the view has been built. */
        public boolean built() { return view != null; }

        private View view() {
            if (view == null) view = build.get();
            return view;
        }
    }

    private final TabPane tabs = new TabPane();
    private final List<ChartTab> views = new ArrayList<>();
    private final BorderPane root;
    private final HBox header;

    /** {@code export} is given the extension (png or svg) when the person picks one. */
    public ChartsView(Consumer<String> export) {
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var exportButton = new MenuButton("Export");
        var png = new MenuItem("PNG…");
        png.setOnAction(e -> export.accept("png"));
        var svg = new MenuItem("SVG…");
        svg.setOnAction(e -> export.accept("svg"));
        exportButton.getItems().addAll(png, svg);
        // Under the charts, the width of the pane: one line beside the tools above would be cut short.
        var chartHint = new Label("drag to zoom · Ctrl+drag to pan · wheel to zoom · right-click to reset");
        chartHint.getStyleClass().addAll("muted", "small");
        chartHint.setMinWidth(0);
        chartHint.setTooltip(new javafx.scene.control.Tooltip(chartHint.getText()));
        chartHint.setPadding(new Insets(0, 8, 2, 8));
        exportButton.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        header = new HBox(10, exportButton);
        header.setAlignment(Pos.CENTER_RIGHT);
        header.setPadding(new Insets(4, 8, 0, 8));
        root = new BorderPane(tabs, header, null, chartHint, null);
    }

    public Node root() {
        return root;
    }

    /** A control in the header, before Export (the latency axis's scale). */
    public void addTool(javafx.scene.control.Control tool) {
        tool.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        header.getChildren().add(header.getChildren().size() - 1, tool);
    }

    public TabPane tabs() {
        return tabs;
    }

    /**
     * Adds a view's tab. Only the shown tab holds its view in the scene: a hidden chart is neither
     * styled, laid out nor drawn (the window's first frame comes sooner, and results streaming into
     * one view do not redraw the others), and the view is told, so it keeps what comes meanwhile and
     * draws it once, with everything it missed, when shown. A view built on demand is built when its
     * tab is first shown, and is told nothing before.
     */
    public Tab add(ChartTab view) {
        views.add(view);
        var tab = new Tab(view.title());
        tab.selectedProperty().addListener((obs, was, now) -> {
            if (!now && !view.built()) return;
            tab.setContent(now ? view.view().content() : null);
            view.view().onShown().accept(now);
        });
        tabs.getTabs().add(tab);
        if (tab.isSelected()) tab.setContent(view.view().content());
        if (view.built()) view.view().onShown().accept(tab.isSelected());
        return tab;
    }

    /** The view whose tab is shown. */
    public ChartTab shown() {
        int at = tabs.getSelectionModel().getSelectedIndex();
        return views.get(Math.max(0, at));
    }

    /** Shows the view whose file name is {@code fileStem} (latency, trials, roofline, …); false when there is none. */
    public boolean show(String fileStem) {
        for (int i = 0; i < views.size(); i++) {
            if (views.get(i).fileStem().equals(fileStem)) {
                tabs.getSelectionModel().select(i);
                return true;
            }
        }
        return false;
    }

    public List<String> fileStems() {
        return views.stream().map(ChartTab::fileStem).toList();
    }
}
