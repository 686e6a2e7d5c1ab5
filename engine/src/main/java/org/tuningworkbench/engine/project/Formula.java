package org.tuningworkbench.engine.project;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.data.EvaluationValue;
import com.ezylang.evalex.parser.ParseException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An arithmetic expression over a config's parameters, the project's sizes and, for a metric, the
 * measured {@code time}: {@code block_size_x * tile_size_x}, {@code 2 * n^3 / 1e9 / (time / 1e3)}.
 * Read once (its names checked against those it may use), evaluated for each config.
 */
public final class Formula {

    private final String text;
    private final Set<String> names;

    private Formula(String text, Set<String> names) {
        this.text = text;
        this.names = names;
    }

    /**
     * Reads {@code text}; every name in it must be one of {@code known}.
     *
     * @param what what the formula is, for messages (such as {@code grid_div_x})
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Formula parse(String text, Set<String> known, String what) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException(what + ": the expression is empty");
        Set<String> used;
        try {
            Expression expression = new Expression(text);
            expression.validate();
            used = expression.getUsedVariables();
        } catch (ParseException | RuntimeException e) {
            throw new IllegalArgumentException(what + ": `" + text + "` cannot be read: " + e.getMessage());
        }
        for (String name : used) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException(what + ": `" + text + "` names `" + name + "`, which is none of "
                        + (known.isEmpty() ? "the project's names (it has no parameters or sizes)" : String.join(", ", new TreeSet<>(known))));
            }
        }
        return new Formula(text, Set.copyOf(used));
    }

    /** A formula that is just a number. */
    public static Formula of(long value) {
        return new Formula(Long.toString(value), Set.of());
    }

    /** The names the formula uses. */
    public Set<String> names() {
        return names;
    }

    /**
     * The formula's value for {@code values} (numbers, or text that reads as one).
     *
     * @throws IllegalArgumentException when a name has no value, or no number, or the result is not a finite number
     */
    public double evaluate(Map<String, ?> values) {
        Expression expression = new Expression(text);
        for (String name : names) {
            Object value = values.get(name);
            if (value == null) throw new IllegalArgumentException("`" + text + "`: `" + name + "` has no value");
            try {
                expression.with(name, value instanceof Number n ? new BigDecimal(n.toString()) : new BigDecimal(value.toString().strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("`" + text + "`: `" + name + "` is \"" + value + "\", not a number");
            }
        }
        EvaluationValue result;
        try {
            result = expression.evaluate();
        } catch (EvaluationException | ParseException | ArithmeticException e) {
            throw new IllegalArgumentException("`" + text + "` cannot be evaluated: " + e.getMessage());
        }
        if (!result.isNumberValue()) throw new IllegalArgumentException("`" + text + "` gives " + result.getValue() + ", not a number");
        double value = result.getNumberValue().doubleValue();
        if (!Double.isFinite(value)) throw new IllegalArgumentException("`" + text + "` is too large to be a number");
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Formula f && f.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The formula as written. */
    @Override
    public String toString() {
        return text;
    }
}
