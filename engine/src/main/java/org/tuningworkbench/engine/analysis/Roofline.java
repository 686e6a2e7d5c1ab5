package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The configs on a roofline: each at its arithmetic intensity (FLOP per byte of memory traffic) and
 * the GFLOP/s it achieved, under the machine's ceilings when they are known. The work comes from
 * the project's {@code [work]} flops and bytes; without them, from the GFLOP/s and GB/s a record
 * carries.
 *
 * @param configs  the successful configs' points
 * @param baseline the baseline's point, when there is a successful baseline
 * @param ceilings the machine's measured ceilings, when known
 */
public record Roofline(List<Point> configs, Optional<Point> baseline, Optional<Ceilings> ceilings) {

    /**
     * One measured kernel.
     *
     * @param intensity FLOP per byte
     * @param gflops    achieved GFLOP/s at the median latency
     */
    public record Point(TuningRecord record, double intensity, double gflops) {
        /** Its share of what the ceilings allow at its intensity, 0…1. */
        public double ofAttainable(Ceilings ceilings) {
            return gflops / ceilings.attainable(intensity);
        }
    }

    public Roofline {
        configs = List.copyOf(configs);
    }

    /**
     * The roofline of {@code records} (and {@code baseline}, which may be null) for a kernel call of
     * {@code flops} operations moving {@code bytes}; empty when the work is not known for any record.
     */
    public static Optional<Roofline> of(List<TuningRecord> records, TuningRecord baseline, OptionalDouble flops, OptionalDouble bytes,
                                        Optional<Ceilings> ceilings) {
        var points = new ArrayList<Point>();
        for (TuningRecord r : records) point(r, flops, bytes).ifPresent(points::add);
        Optional<Point> base = baseline == null ? Optional.empty() : point(baseline, flops, bytes);
        if (points.isEmpty() && base.isEmpty()) return Optional.empty();
        return Optional.of(new Roofline(points, base, ceilings));
    }

    private static Optional<Point> point(TuningRecord r, OptionalDouble flops, OptionalDouble bytes) {
        if (!Results.measured(r) || r.medianUs() <= 0) return Optional.empty();
        if (flops.isPresent() && bytes.isPresent() && bytes.getAsDouble() > 0) {
            return Optional.of(new Point(r, flops.getAsDouble() / bytes.getAsDouble(), flops.getAsDouble() / r.medianUs() / 1e3));
        }
        if (r.gflops() != null && r.gbps() != null && r.gbps() > 0) return Optional.of(new Point(r, r.gflops() / r.gbps(), r.gflops()));
        return Optional.empty();
    }

    /** The best achieved GFLOP/s among the configs (the baseline apart). */
    public OptionalDouble bestGflops() {
        return configs.stream().mapToDouble(Point::gflops).max();
    }
}
