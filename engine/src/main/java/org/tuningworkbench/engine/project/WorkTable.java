package org.tuningworkbench.engine.project;

import java.util.OptionalDouble;
import java.util.Set;
import org.tomlj.TomlTable;

/** Reads {@code [work]}: the floating-point operations and bytes of one call, expressions over the sizes. */
final class WorkTable {

    private final TableReader reader;

    WorkTable(TableReader reader) {
        this.reader = reader;
    }

    Work read(TomlTable t, Sizes sizes) {
        if (t == null) return Work.UNKNOWN;
        reader.checkKeys(t, Set.of("flops", "bytes"));
        return new Work(expression(t, "flops", sizes), expression(t, "bytes", sizes));
    }

    /** The value of {@code [work] key}, an expression over the sizes; empty, with an error naming the key, when it has none. */
    private OptionalDouble expression(TomlTable t, String key, Sizes sizes) {
        String text = reader.string(t, key, false);
        if (text == null) return OptionalDouble.empty();
        try {
            return OptionalDouble.of(sizes.evaluate(text));
        } catch (IllegalArgumentException e) {
            reader.sizesError(t, key, "[work] " + key + ": ", e);
            return OptionalDouble.empty();
        }
    }
}
