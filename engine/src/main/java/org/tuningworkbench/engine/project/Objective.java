package org.tuningworkbench.engine.project;

/**
 * The quantity that ranks configs ({@code [search] objective}, {@code objective_higher_is_better}):
 * {@code time}, a call's time (the kernels' own time where the device times them, as Kernel Tuner
 * ranks; the wall time otherwise), or the name of one of the project's {@code [metrics]}.
 */
public record Objective(String name, boolean higherIsBetter) {

    /** The default: the time of a call, the less the better. */
    public static final Objective TIME = new Objective("time", false);

    public boolean isTime() {
        return name.equals(TIME.name());
    }

    /** {@code GFLOP/s (higher is better)}, {@code time}. */
    @Override
    public String toString() {
        return equals(TIME) ? name : name + (higherIsBetter ? " (higher is better)" : " (lower is better)");
    }
}
