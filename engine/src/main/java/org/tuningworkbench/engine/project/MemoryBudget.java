package org.tuningworkbench.engine.project;

import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.format.Sizes;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.NpyArray;

/**
 * Checks a project's buffer sizes when it is read, before anything is allocated: the buffers
 * together must fit in the memory limit of a run (or, with no limit, half the machine's memory),
 * and each output must fit in what the tuner reads back to verify. A project past either is
 * refused with the figures, instead of a run failing late or the machine running out of memory.
 */
final class MemoryBudget {

    /** Each buffer's guard zones, before and after (see the harness). */
    private static final long GUARDS = 2 * 16384;

    /** The harness's fences beyond each zone, before and after: no memory, but address space under the limit, as large as the buffer within these bounds. */
    private static final long FENCE_MIN = 64 * 1024;
    private static final long FENCE_MAX = 1 << 20;

    private MemoryBudget() {}

    /** Why the buffers do not fit, or empty when they do. */
    static Optional<String> check(List<KernelArg> args, MeasureSettings measure) {
        long total = 0;
        for (KernelArg arg : args) {
            if (!(arg instanceof KernelArg.Buffer b)) continue;
            if (b.output() && b.bytes() > NpyArray.MAX_DATA_BYTES) {
                return Optional.of("output buffer `" + b.name() + "` is " + Sizes.bytes(b.bytes()) + "; outputs are read back to be verified, up to "
                        + Sizes.bytes(NpyArray.MAX_DATA_BYTES) + " each: use smaller [sizes] (--set)");
            }
            total = saturatedAdd(total, saturatedAdd(b.bytes(), GUARDS + 2 * Math.clamp(b.bytes(), FENCE_MIN, FENCE_MAX)));
        }
        long limitMb = measure.memoryLimitMb() > 0 ? measure.memoryLimitMb() : MeasureSettings.defaultMemoryLimitMb();
        long limit = limitMb * 1024 * 1024;
        if (total > limit) {
            String which = measure.memoryLimitMb() > 0 ? "the memory limit of a run ([measure] memory_limit_mb = " + limitMb + ")"
                    : "half of this machine's memory (" + Sizes.bytes(limit) + ")";
            return Optional.of("the buffers need " + Sizes.bytes(total) + " together, more than " + which + "; use smaller [sizes] (--set)"
                    + (measure.memoryLimitMb() > 0 ? " or raise memory_limit_mb" : ""));
        }
        return Optional.empty();
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
