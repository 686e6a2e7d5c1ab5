package org.tuningworkbench.bridge;

import java.util.List;

/**
 * One kernel launch of a device program, made on every call in the order listed.
 *
 * @param kernel the kernel's name in the program
 * @param global work items per dimension (1 to 3), rounded up to a multiple of the work-group size
 * @param local  the work-group size per dimension; empty: the kernel's own
 *               ({@code reqd_work_group_size}, so a tunable {@code #define} can set it) or else the driver's choice
 * @param args   the names of the project's arguments the kernel takes, in its order
 */
public record KernelLaunch(String kernel, List<Long> global, List<Long> local, List<String> args) {
    public KernelLaunch {
        global = List.copyOf(global);
        local = List.copyOf(local);
        args = List.copyOf(args);
        if (global.isEmpty() || global.size() > 3) throw new IllegalArgumentException("kernel " + kernel + ": give 1 to 3 global sizes, found " + global.size());
        if (!local.isEmpty() && local.size() != global.size()) {
            throw new IllegalArgumentException("kernel " + kernel + ": the work-group size has " + local.size() + " dimensions, the global size " + global.size());
        }
        for (long n : global) if (n <= 0) throw new IllegalArgumentException("kernel " + kernel + ": global sizes must be positive, found " + n);
        for (long n : local) if (n <= 0) throw new IllegalArgumentException("kernel " + kernel + ": work-group sizes must be positive, found " + n);
    }
}
