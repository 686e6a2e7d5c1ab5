package org.tuningworkbench.app.configs;

import java.util.List;
import java.util.Set;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.value.ObservableDoubleValue;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;

/**
 * A table whose leading columns stay at the left while the others scroll sideways. Their headers and
 * cells are moved back by the distance the rest scrolled and drawn above it; a shadow marks the edge
 * once something has scrolled beneath them. When the table is too narrow to show the frozen columns
 * and some of the others, nothing is frozen and every column scrolls.
 */
public final class FrozenColumnsSkin<T> extends TableViewSkin<T> {

    /** The width the scrolling columns keep at the least; narrower, nothing is frozen. */
    static final double MIN_SCROLLING_WIDTH = 64;
    private static final String PINNED = FrozenColumnsSkin.class.getName() + ".pinned";

    private final Set<TableColumn<T, ?>> frozen;
    private final Region viewport;
    private final Parent rootHeader;
    /** How far the cells and the headers have scrolled left; kept at 0 while nothing is frozen. */
    private final DoubleProperty cellShift = new SimpleDoubleProperty(this, "cellShift");
    private final DoubleProperty headerShift = new SimpleDoubleProperty(this, "headerShift");
    private final Region shadow = new Region();
    /** Whether the frozen columns stay put: they do when the others keep some room beside them. */
    private boolean active;

    private final ListChangeListener<Node> rowsAdded = c -> {
        while (c.next()) c.getAddedSubList().forEach(this::pinRow);
    };
    private final ListChangeListener<Node> cellsAdded = c -> {
        while (c.next()) c.getAddedSubList().forEach(this::pinCell);
    };
    private final ListChangeListener<Node> headersAdded = c -> {
        while (c.next()) c.getAddedSubList().forEach(this::pinHeader);
    };

    /** {@code frozen}: the table's leading columns, in order; they must stay first. */
    public FrozenColumnsSkin(TableView<T> table, List<? extends TableColumn<T, ?>> frozen) {
        super(table);
        this.frozen = Set.copyOf(frozen);
        viewport = (Region) getVirtualFlow().lookup(".clipped-container");
        rootHeader = getTableHeaderRow().getRootHeader();
        viewport.layoutXProperty().addListener(o -> shift());
        rootHeader.layoutXProperty().addListener(o -> shift());

        Parent sheet = (Parent) viewport.lookup(".sheet");
        sheet.getChildrenUnmodifiable().addListener(rowsAdded);
        sheet.getChildrenUnmodifiable().forEach(this::pinRow);
        rootHeader.getChildrenUnmodifiable().addListener(headersAdded);
        rootHeader.getChildrenUnmodifiable().forEach(this::pinHeader);

        shadow.getStyleClass().add("frozen-shadow");
        shadow.setManaged(false);
        shadow.setMouseTransparent(true);
        shadow.setVisible(false);
        getChildren().add(shadow);
    }

    /** Scrolls as little as it takes for row {@code index} to show whole (TableView.scrollTo puts it at the top). */
    public void showRow(int index) {
        getVirtualFlow().scrollTo(index);
    }

    @Override
    protected VirtualFlow<TableRow<T>> createVirtualFlow() {
        return new Flow<>();
    }

    /** The flow, with its scroll bars in reach. */
    private static final class Flow<C extends IndexedCell<?>> extends VirtualFlow<C> {
        ScrollBar horizontal() {
            return getHbar();
        }
    }

    private ScrollBar hbar() {
        return ((Flow<?>) getVirtualFlow()).horizontal();
    }

    /** The width of the frozen columns shown. */
    private double frozenWidth() {
        double width = 0;
        for (var column : getSkinnable().getVisibleLeafColumns()) if (frozen.contains(column)) width += column.getWidth();
        return width;
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        super.layoutChildren(x, y, w, h);
        double frozenWidth = frozenWidth();
        boolean fits = frozenWidth > 0 && viewport.getWidth() - frozenWidth >= MIN_SCROLLING_WIDTH;
        if (fits != active) {
            active = fits;
            shift();
        }
        var header = getTableHeaderRow();
        double top = header.isVisible() ? header.getLayoutY() : getVirtualFlow().getLayoutY();
        double bottom = getVirtualFlow().getLayoutY() + viewport.getHeight();
        double width = snapSizeX(shadow.prefWidth(-1));
        shadow.resizeRelocate(snapPositionX(x + frozenWidth), top, width, Math.max(0, bottom - top));
    }

    private void shift() {
        cellShift.set(active ? -viewport.getLayoutX() : 0);
        headerShift.set(active ? -rootHeader.getLayoutX() : 0);
        shadow.setVisible(cellShift.get() > 0);
    }

    /**
     * Scrolls so that {@code column} shows whole beside the frozen columns: a column hidden under
     * them comes out to their edge, one past the right edge comes in just far enough.
     */
    @Override
    protected void scrollHorizontally(TableColumn<T, ?> column) {
        if (!active || column == null || !column.isVisible() || column.getWidth() <= 0) {
            super.scrollHorizontally(column);
            return;
        }
        if (frozen.contains(column)) return;
        double start = 0;
        for (var c : getSkinnable().getVisibleLeafColumns()) {
            if (c == column) break;
            start += c.getWidth();
        }
        double end = start + column.getWidth();
        double frozenWidth = frozenWidth();
        ScrollBar bar = hbar();
        double at = bar.getValue();
        double target = at;
        if (start - frozenWidth < at) target = start - frozenWidth;
        else if (end > at + viewport.getWidth()) target = Math.min(end - viewport.getWidth(), start - frozenWidth);
        bar.setValue(Math.clamp(target, bar.getMin(), bar.getMax()));
    }

    private boolean isFrozen(TableColumnBase<?, ?> column) {
        return column != null && frozen.contains(column);
    }

    private void pinRow(Node node) {
        if (!(node instanceof TableRow<?> row) || row.getProperties().containsKey(PINNED)) return;
        row.getProperties().put(PINNED, Boolean.TRUE);
        row.getChildrenUnmodifiable().addListener(cellsAdded);
        row.getChildrenUnmodifiable().forEach(this::pinCell);
    }

    private void pinCell(Node node) {
        if (node instanceof TableCell<?, ?> cell && isFrozen(cell.getTableColumn())) pin(cell, cellShift, -1);
    }

    /** A frozen column's header, and the handle that resizes it, move with the frozen cells. */
    private void pinHeader(Node node) {
        if (node instanceof TableColumnHeader header && isFrozen(header.getTableColumn())) pin(header, headerShift, -1);
        else if (node instanceof Rectangle handle && handle.getProperties().values().stream().anyMatch(v -> v instanceof TableColumnBase<?, ?> c && isFrozen(c))) {
            pin(handle, headerShift, -2);
        }
    }

    private static void pin(Node node, ObservableDoubleValue shift, double viewOrder) {
        if (!node.translateXProperty().isBound()) node.translateXProperty().bind(shift);
        node.setViewOrder(viewOrder);
    }

    @Override
    public void dispose() {
        if (getSkinnable() == null) return;
        Parent sheet = (Parent) viewport.lookup(".sheet");
        if (sheet != null) sheet.getChildrenUnmodifiable().removeListener(rowsAdded);
        rootHeader.getChildrenUnmodifiable().removeListener(headersAdded);
        getChildren().remove(shadow);
        super.dispose();
    }
}
