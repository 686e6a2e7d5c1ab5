package org.tuningworkbench.engine.space;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One tunable parameter and the values it may take, in order. Values are kept as the text a marked
 * line receives ({@code "64"}, {@code "GemmShape<64, 64, 64>"}); the kind says whether they are
 * numbers, so constraints compare them as numbers and search strategies measure distances.
 */
public record Parameter(String name, Kind kind, List<String> values) {

    /** What the values are: whole numbers, real numbers, or text (categories). */
    public enum Kind { INTEGER, REAL, CATEGORICAL }

    public Parameter {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a parameter needs a name");
        if (values.isEmpty()) throw new IllegalArgumentException("parameter `" + name + "` has no values");
        values = List.copyOf(values);
        if (values.stream().distinct().count() != values.size()) {
            throw new IllegalArgumentException("parameter `" + name + "` lists a value twice");
        }
    }

    /** A parameter whose kind is read off its values: numbers when every value is one. */
    public static Parameter of(String name, List<?> values) {
        var texts = new ArrayList<String>();
        boolean integers = true;
        boolean reals = true;
        for (Object value : values) {
            String text = text(value);
            texts.add(text);
            integers &= value instanceof Long || value instanceof Integer || isInteger(text) && !(value instanceof String);
            reals &= value instanceof Number || !(value instanceof String) && isReal(text);
        }
        Kind kind = integers ? Kind.INTEGER : reals ? Kind.REAL : Kind.CATEGORICAL;
        return new Parameter(name, kind, texts);
    }

    /** {@code start, start+step, ..., <= end}: a range written as in the project file. */
    public static Parameter range(String name, long start, long end, long step) {
        if (step <= 0) throw new IllegalArgumentException("parameter `" + name + "`: the step must be positive");
        if (end < start) throw new IllegalArgumentException("parameter `" + name + "`: the range ends before it starts");
        if ((end - start) / step >= 1_000_000) throw new IllegalArgumentException("parameter `" + name + "`: the range holds more than a million values");
        var values = new ArrayList<String>();
        for (long v = start; v <= end; v += step) values.add(Long.toString(v));
        return new Parameter(name, Kind.INTEGER, values);
    }

    /** The powers of two from {@code low} to {@code high}, both included (both must be powers of two). */
    public static Parameter powersOfTwo(String name, long low, long high) {
        if (low < 1 || Long.bitCount(low) != 1 || Long.bitCount(high) != 1 || high < low) {
            throw new IllegalArgumentException("parameter `" + name + "`: pow2 needs two powers of two, the smaller first");
        }
        var values = new ArrayList<String>();
        for (long v = low; v <= high && v > 0; v <<= 1) values.add(Long.toString(v));
        return new Parameter(name, Kind.INTEGER, values);
    }

    public int size() {
        return values.size();
    }

    public boolean numeric() {
        return kind != Kind.CATEGORICAL;
    }

    /** The position of {@code value} among the values, or -1. */
    public int indexOf(String value) {
        return values.indexOf(value);
    }

    /** The value as a number for a model: itself when numeric, its position otherwise. */
    public double number(int index) {
        return numeric() ? Double.parseDouble(values.get(index)) : index;
    }

    private static String text(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return String.format(Locale.ROOT, "%.1f", d);
        }
        return String.valueOf(value);
    }

    private static boolean isInteger(String text) {
        return text.matches("[-+]?\\d+");
    }

    private static boolean isReal(String text) {
        try {
            Double.parseDouble(text);
            return !text.isBlank() && !text.endsWith("f") && !text.endsWith("d") && !text.endsWith("F") && !text.endsWith("D");
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
