package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelLaunch;

/**
 * The work sizes of an OpenCL kernel as Kernel Tuner derives them from each config ({@code [launch]}):
 * the work-group size is the config's {@code block_size_x}, {@code block_size_y}, {@code block_size_z}
 * (or the names given; 256, 1 and 1 when a config has no such parameter), the number of groups per
 * dimension is the problem size divided by the product of that dimension's grid divisors, rounded up
 * (without divisors: by the block size parameter, or 1), and the global size is groups × group size.
 *
 * @param problemSize      1 to 3 expressions over the sizes and parameters, whole numbers (fractions cut, as Python's int())
 * @param gridDiv          per dimension x, y, z: the divisors whose product divides the problem size; empty: the default
 * @param blockSizeNames   the parameters that hold the work-group size in x, y, z
 */
public record LaunchGeometry(List<Formula> problemSize, List<Optional<List<Formula>>> gridDiv, List<String> blockSizeNames) {

    /** Kernel Tuner's names of the work-group size's parameters. */
    public static final List<String> DEFAULT_BLOCK_SIZE_NAMES = List.of("block_size_x", "block_size_y", "block_size_z");

    /** Kernel Tuner's work-group size in x, y, z when a config has no parameter for it. */
    private static final long[] DEFAULT_BLOCK_SIZE = {256, 1, 1};

    public LaunchGeometry {
        problemSize = List.copyOf(problemSize);
        gridDiv = List.copyOf(gridDiv);
        blockSizeNames = List.copyOf(blockSizeNames);
        if (problemSize.isEmpty() || problemSize.size() > 3) throw new IllegalArgumentException("problem_size gives 1 to 3 dimensions");
        if (gridDiv.size() != 3 || blockSizeNames.size() != 3) throw new IllegalArgumentException("a launch has a divisor and a block size name per dimension");
    }

    /**
     * The launch of {@code kernel} for one config.
     *
     * @throws IllegalArgumentException when the config's sizes cannot be worked out (a divisor of 0, a size that is not a number): that config is invalid
     */
    public KernelLaunch launch(String kernel, List<String> args, Map<String, String> params, Map<String, Long> sizes) {
        try {
            return launchOf(kernel, args, params, sizes);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("the work sizes are too large to count (" + e.getMessage() + ")");
        }
    }

    private KernelLaunch launchOf(String kernel, List<String> args, Map<String, String> params, Map<String, Long> sizes) {
        Map<String, Object> values = new HashMap<>(sizes);
        values.putAll(params);
        var global = new ArrayList<Long>(3);
        var local = new ArrayList<Long>(3);
        for (int d = 0; d < 3; d++) {
            long problem = d < problemSize.size() ? whole(problemSize.get(d), values, "problem_size") : 1;
            if (problem < 1) throw new IllegalArgumentException("problem_size " + "xyz".charAt(d) + " is " + problem + "; it must be 1 or more");
            long divisor = divisor(d, params, values);
            long block = blockSize(d, params);
            long groups = Math.ceilDiv(problem, divisor);
            global.add(Math.multiplyExact(groups, block));
            local.add(block);
        }
        return new KernelLaunch(kernel, global, local, args);
    }

    /**
     * The launch of another kernel of the file, a golden reference, which no config sizes: one work item per
     * element of the problem, in work groups of the driver's choice.
     */
    public KernelLaunch reference(String kernel, List<String> args, Map<String, Long> sizes) {
        Map<String, Object> values = new HashMap<>(sizes);
        var global = new ArrayList<Long>();
        for (Formula f : problemSize) global.add(Math.max(1, whole(f, values, "problem_size")));
        return new KernelLaunch(kernel, global, List.of(), args);
    }

    /** The work-group size of one config in x, y, z. */
    public List<Long> workGroup(Map<String, String> params) {
        return List.of(blockSize(0, params), blockSize(1, params), blockSize(2, params));
    }

    private long blockSize(int d, Map<String, String> params) {
        String name = blockSizeNames.get(d);
        String value = params.get(name);
        if (value == null) return DEFAULT_BLOCK_SIZE[d];
        long n = whole(name, value);
        if (n < 1) throw new IllegalArgumentException("the work-group size " + name + " = " + value + " must be 1 or more");
        return n;
    }

    private long divisor(int d, Map<String, String> params, Map<String, Object> values) {
        String what = "grid_div_" + "xyz".charAt(d);
        Optional<List<Formula>> given = gridDiv.get(d);
        long divisor = 1;
        if (given.isEmpty()) {
            String name = blockSizeNames.get(d);
            String value = params.get(name);
            if (value != null) divisor = whole(name, value);
        } else {
            for (Formula f : given.get()) divisor = Math.multiplyExact(divisor, whole(f, values, what));
        }
        if (divisor < 1) throw new IllegalArgumentException(what + " is " + divisor + "; the problem size is divided by it, so it must be 1 or more");
        return divisor;
    }

    /** Python's {@code int(eval(...))}: the fraction cut toward zero. */
    private static long whole(Formula f, Map<String, Object> values, String what) {
        double value = f.evaluate(values);
        if (Math.abs(value) > 0x1p53) throw new IllegalArgumentException(what + ": `" + f + "` is " + value + ", too large");
        return (long) value;
    }

    private static long whole(String name, String value) {
        try {
            return (long) Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("`" + name + "` is \"" + value + "\", not a number of work items");
        }
    }
}
