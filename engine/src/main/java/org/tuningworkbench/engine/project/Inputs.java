package org.tuningworkbench.engine.project;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.bridge.KernelArg;

/**
 * What one call of the kernel is given ({@code [sizes]} and {@code [[args]]}).
 *
 * @param sizes the named whole numbers of the project, with the caller's overrides, in the file's order
 * @param args  the kernel's arguments in order, their shapes already worked out from the sizes
 */
public record Inputs(Map<String, Long> sizes, List<KernelArg> args) {

    public static final Inputs NONE = new Inputs(Map.of(), List.of());

    public Inputs {
        sizes = Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
        args = List.copyOf(args);
    }

    /** The buffers the kernel writes, which are checked against the golden. */
    public List<KernelArg.Buffer> outputs() {
        return args.stream().filter(a -> a instanceof KernelArg.Buffer b && b.output()).map(a -> (KernelArg.Buffer) a).toList();
    }
}
