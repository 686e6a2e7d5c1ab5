package org.tuningworkbench.app.chart;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.tuningworkbench.engine.analysis.LatencySpan;

/**
 * Whether latency axes are logarithmic: by default when the results span more than ten times
 * (fastest to slowest median), or as the person chose. Every latency axis follows the one choice.
 */
public final class LatencyScale {

    /** The person's choice; {@link #BY_SPAN} is the default. */
    public enum Choice {
        BY_SPAN("Scale: by span"), LINEAR("Scale: linear"), LOG("Scale: log");

        private final String label;

        Choice(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private final ObjectProperty<Choice> choice = new SimpleObjectProperty<>(Choice.BY_SPAN);
    private final ReadOnlyDoubleWrapper fastest = new ReadOnlyDoubleWrapper(Double.POSITIVE_INFINITY);
    private final ReadOnlyDoubleWrapper slowest = new ReadOnlyDoubleWrapper(0);
    private final BooleanBinding log = Bindings.createBooleanBinding(() -> switch (choice.get()) {
        case LOG -> true;
        case LINEAR -> false;
        case BY_SPAN -> new LatencySpan(fastest.get(), slowest.get()).wantsLogScale();
    }, choice, fastest, slowest);

    public ObjectProperty<Choice> choiceProperty() {
        return choice;
    }

    public BooleanBinding logProperty() {
        return log;
    }

    public boolean log() {
        return log.get();
    }

    public ReadOnlyDoubleProperty fastestProperty() {
        return fastest.getReadOnlyProperty();
    }

    /** Takes a config's median latency in; failed configs (no median) and non-positive values are not on a log axis. */
    public void observe(Double medianUs) {
        if (medianUs == null || !(medianUs > 0)) return;
        if (medianUs < fastest.get()) fastest.set(medianUs);
        if (medianUs > slowest.get()) slowest.set(medianUs);
    }

    /** Forgets the span (a new run, another project); the person's choice stays. */
    public void reset() {
        fastest.set(Double.POSITIVE_INFINITY);
        slowest.set(0);
    }
}
