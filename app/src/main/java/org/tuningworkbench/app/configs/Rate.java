package org.tuningworkbench.app.configs;

import java.util.function.Function;
import org.tuningworkbench.engine.project.Work;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The rate the grid shows beside each config's median, after the project's {@code [work]}: GFLOP/s when it counts the
 * kernel's floating-point operations, GB/s when it counts only its bytes (a transpose, a copy), as {@code tune}'s table
 * prints them; none when it says neither (a recorded space, a project without {@code [work]}): no record has a rate then.
 */
public enum Rate {
    GFLOPS("GFLOP/s", TuningRecord::gflops),
    GBPS("GB/s", TuningRecord::gbps),
    NONE("", r -> null);

    private final String title;
    private final Function<TuningRecord, Double> of;

    Rate(String title, Function<TuningRecord, Double> of) {
        this.title = title;
        this.of = of;
    }

    /** The rate of a project of {@code work}: GFLOP/s for its flops, GB/s for bytes alone, none without either. */
    public static Rate of(Work work) {
        if (work.flops().isPresent()) return GFLOPS;
        return work.bytes().isPresent() ? GBPS : NONE;
    }

    /** The column's title: {@code GFLOP/s}, {@code GB/s}. */
    public String title() { return title; }

    /** The rate of a record, null when it has none. */
    public Function<TuningRecord, Double> of() { return of; }
}
