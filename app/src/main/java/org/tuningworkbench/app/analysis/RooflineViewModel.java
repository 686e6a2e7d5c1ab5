package org.tuningworkbench.app.analysis;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.analysis.Roofline;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.recorded.RecordedSpaces;

/** Every config at its arithmetic intensity and GFLOP/s under the machine's ceilings, the baseline as its own point. */
public final class RooflineViewModel {

    private final ResultsViewModel results;
    private final Supplier<Optional<Ceilings>> ceilings;
    private Roofline roofline;

    /** {@code ceilings} gives the measured compute peak and memory bandwidth of this machine, when they are known. */
    public RooflineViewModel(ResultsViewModel results, Supplier<Optional<Ceilings>> ceilings) {
        this.results = results;
        this.ceilings = ceilings;
    }

    /** The roofline, or null when no config's work is known (see {@link #why()}). */
    public Roofline roofline() { return roofline; }

    public void refresh() {
        take(analysis().get());
    }

    /** The roofline of the results as they are now (null when none): its inputs taken here, the work pure (it may run on any thread). */
    public java.util.function.Supplier<Roofline> analysis() {
        Project p = results.projectProperty().get();
        OptionalDouble flops = p == null ? OptionalDouble.empty() : p.work().flops();
        OptionalDouble bytes = p == null ? OptionalDouble.empty() : p.work().bytes();
        var records = results.records();
        var baseline = results.baselineProperty().get();
        var known = ceilings.get();
        return () -> Roofline.of(records, baseline, flops, bytes, known).orElse(null);
    }

    /** Shows {@code computed} (null: no config can be placed). */
    public void take(Roofline computed) {
        roofline = computed;
    }

    /** Why there is no roofline to draw, or "" when there is one. */
    public String why() {
        if (roofline != null) return "";
        if (results.all().isEmpty()) return "No results yet: run the configs, or open a recorded space.";
        Project p = results.projectProperty().get();
        if (p != null && RecordedSpaces.hasSpaceName(p.file())) {
            return "No config can be placed: a recorded space carries no work (FLOP and bytes of a call) to place its configs on a roofline.";
        }
        return "No config can be placed: the project gives no work (flops and bytes under [work]) and the records carry no GFLOP/s and GB/s.";
    }
}
