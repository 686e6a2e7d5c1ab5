package org.tuningworkbench.engine.project;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.parser.ParseException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The named integers of a project ({@code m = 256}) and the expressions written with them.
 *
 * @param values the sizes and their values
 * @param broken sizes the project names but whose own value is wrong (an error said so already):
 *               an expression that uses one has no value, and nothing more to say
 */
public record Sizes(Map<String, Long> values, Set<String> broken) {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

    public Sizes {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        broken = Set.copyOf(broken);
    }

    public Sizes(Map<String, Long> values) {
        this(values, Set.of());
    }

    /** An expression that uses a size whose own value is wrong: the error is that size's, said where it is written. */
    public static final class BrokenSize extends IllegalArgumentException {
        BrokenSize(String name) {
            super("`" + name + "` has no value: its own value in [sizes] is wrong");
        }
    }

    /** Throws {@link BrokenSize} when {@code text} names a size whose own value is wrong. */
    public void requireKnown(String text) {
        Matcher m = IDENTIFIER.matcher(text);
        while (m.find()) {
            if (broken.contains(m.group())) throw new BrokenSize(m.group());
        }
    }

    /** Evaluates an arithmetic expression such as {@code 2 * m * n * k} over the sizes. */
    public double evaluate(String expression) throws IllegalArgumentException {
        requireKnown(expression);
        try {
            Expression e = new Expression(expression);
            for (var entry : values.entrySet()) e.with(entry.getKey(), entry.getValue());
            var undefined = e.getUndefinedVariables();
            if (!undefined.isEmpty()) {
                throw new IllegalArgumentException("cannot evaluate `" + expression + "`: `" + undefined.iterator().next() + "` is not a size"
                        + (values.isEmpty() ? " (the project has no [sizes])" : " (sizes: " + String.join(", ", values.keySet()) + ")"));
            }
            BigDecimal value = e.evaluate().getNumberValue();
            if (value == null) throw new IllegalArgumentException("`" + expression + "` is not a number");
            return value.doubleValue();
        } catch (EvaluationException | ParseException e) {
            throw new IllegalArgumentException("cannot evaluate `" + expression + "`: " + e.getMessage());
        }
    }

    /** Evaluates an expression that must give a whole number. */
    public long evaluateWhole(String expression) {
        double value = evaluate(expression);
        if (value != Math.rint(value)) throw new IllegalArgumentException("`" + expression + "` is " + value + ", not a whole number");
        // Past 2^53 a double no longer holds every whole number: the value would not be the one written.
        if (Math.abs(value) > 0x1p53) throw new IllegalArgumentException("`" + expression + "` is " + value + ", too large to be exact (over 2^53)");
        return (long) value;
    }

    /** Replaces each size name in C source text by its value: {@code {m, n, k}} becomes {@code {256, 512, 1024}}. */
    public String substituteInto(String source) {
        requireKnown(source);
        Matcher m = IDENTIFIER.matcher(source);
        var out = new StringBuilder();
        while (m.find()) {
            Long value = values.get(m.group());
            m.appendReplacement(out, value == null ? Matcher.quoteReplacement(m.group()) : value.toString());
        }
        m.appendTail(out);
        return out.toString();
    }
}
