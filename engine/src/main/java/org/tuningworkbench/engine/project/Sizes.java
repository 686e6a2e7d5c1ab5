package org.tuningworkbench.engine.project;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.parser.ParseException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The named integers of a project ({@code m = 256}) and the expressions written with them. */
public record Sizes(Map<String, Long> values) {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

    public Sizes {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }

    /** Evaluates an arithmetic expression such as {@code 2 * m * n * k} over the sizes. */
    public double evaluate(String expression) throws IllegalArgumentException {
        try {
            Expression e = new Expression(expression);
            for (var entry : values.entrySet()) e.with(entry.getKey(), entry.getValue());
            BigDecimal value = e.evaluate().getNumberValue();
            if (value == null) throw new IllegalArgumentException("`" + expression + "` is not a number");
            return value.doubleValue();
        } catch (EvaluationException | ParseException e) {
            throw new IllegalArgumentException("cannot evaluate `" + expression + "`: " + e.getMessage()
                    + (values.isEmpty() ? " (the project has no [sizes])" : " (sizes: " + String.join(", ", values.keySet()) + ")"));
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
