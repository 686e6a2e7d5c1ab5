package org.tuningworkbench.engine.project;

import java.math.BigDecimal;
import com.ezylang.evalex.BaseException;
import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.data.EvaluationValue;
import com.ezylang.evalex.parser.ParseException;
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
    private static final Pattern NUMBER = Pattern.compile("[0-9.]+(?:[eE][+-]?[0-9.]*)?");

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

    /** The largest whole number every larger one of which a double cannot tell apart: 2^53. */
    public static final BigDecimal LARGEST_EXACT = BigDecimal.valueOf(1L << 53);

    /** Evaluates an arithmetic expression such as {@code 2 * m * n * k} over the sizes. */
    public double evaluate(String expression) throws IllegalArgumentException {
        double value = exactly(expression).doubleValue();
        if (!Double.isFinite(value)) throw new IllegalArgumentException("`" + expression + "` is too large to be a number");
        return value;
    }

    /** The value of an expression as the evaluator worked it out, in decimal, before any rounding to a double. */
    private BigDecimal exactly(String expression) {
        requireKnown(expression);
        if (expression.isBlank()) throw new IllegalArgumentException("the expression is empty");
        try {
            Expression e = new Expression(expression);
            for (var entry : values.entrySet()) e.with(entry.getKey(), entry.getValue());
            var undefined = e.getUndefinedVariables();
            if (!undefined.isEmpty()) {
                throw new IllegalArgumentException("cannot evaluate `" + expression + "`: `" + undefined.iterator().next() + "` is not a size"
                        + (values.isEmpty() ? " (the project has no [sizes])" : " (sizes: " + String.join(", ", values.keySet()) + ")"));
            }
            EvaluationValue result = e.evaluate();
            if (result.isBooleanValue()) throw new IllegalArgumentException("`" + expression + "` is true or false, not a number");
            if (!result.isNumberValue()) throw new IllegalArgumentException("`" + expression + "` is not a number");
            return result.getNumberValue();
        } catch (EvaluationException | ParseException e) {
            throw new IllegalArgumentException("cannot evaluate `" + expression + "`: " + reason(e, expression));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            // The evaluator's parser fails on some malformed text without a parse error (`U in [1, 2, 8]` pops an empty stack).
            throw new IllegalArgumentException("cannot evaluate `" + expression + "`: not an expression");
        }
    }

    /** What is wrong with an expression, in plain words rather than the evaluator's. */
    private static String reason(BaseException e, String expression) {
        String token = e.getTokenString() == null ? "" : e.getTokenString().strip();
        String said = e.getMessage() == null ? "" : e.getMessage();
        return switch (said) {
            case "Closing brace not found" -> "a `(` is never closed";
            case "Unexpected closing brace" -> "a `)` closes no `(`";
            case "Closing quote not found" -> "a `\"` is never closed";
            case "Missing second operand for operator" -> "`" + token + "` has nothing after it";
            case "Missing operand for operator" -> "`" + token + "` has nothing to apply to";
            case "Unexpected token after infix operator" -> "`" + token + "` follows another operator";
            case "Too many operands", "Missing operator" -> "values with no operator between them"
                    + (token.isEmpty() || token.equals(expression.strip()) ? "" : " in `" + token + "`");
            case "Number contains more than one decimal point", "Illegal scientific format" -> "`" + numberAt(expression, e.getStartPosition()) + "` is not a number";
            case "Division by zero" -> "division by zero";
            case "Not enough parameters for function" -> "`" + token + "` is given too few values";
            case "Too many parameters for function" -> "`" + token + "` is given too many values";
            default -> said.startsWith("Undefined function") ? "`" + token + "` is not a function"
                    : said.startsWith("Undefined operator") ? "`" + token + "` is not an operator (use + - * / % ^ and parentheses)"
                    : said.isEmpty() ? "not an expression"
                    : Character.toLowerCase(said.charAt(0)) + said.substring(1);
        };
    }

    /** The number written from the 1-based {@code start} of {@code expression}, as written. */
    private static String numberAt(String expression, int start) {
        Matcher m = NUMBER.matcher(expression);
        return start >= 1 && start <= expression.length() && m.find(start - 1) && m.start() == start - 1 ? m.group() : expression.strip();
    }

    /** Evaluates an expression that must give a whole number. */
    public long evaluateWhole(String expression) {
        BigDecimal value = exactly(expression);
        if (value.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("`" + expression + "` is " + value.stripTrailingZeros().toPlainString() + ", not a whole number");
        }
        // Past 2^53 a double no longer holds every whole number, and the figures worked out from sizes are doubles: refused, never rounded.
        if (value.abs().compareTo(LARGEST_EXACT) > 0) {
            throw new IllegalArgumentException("`" + expression + "` is " + value.toBigInteger() + ", too large to be exact (over 2^53 = " + LARGEST_EXACT + ")");
        }
        return value.longValueExact();
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
