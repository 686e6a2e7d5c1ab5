package org.tuningworkbench.engine.space;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.data.EvaluationValue;
import com.ezylang.evalex.parser.ParseException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A rule a config must satisfy, written over parameters and sizes: {@code BM * BK <= 16384},
 * {@code BN % VW == 0}, or as Kernel Tuner's restriction strings are written in Python
 * ({@code UNROLL in [1, 2, 8] and 1 <= x <= 8}; see {@link ConstraintSyntax}). Evaluated with EvalEx;
 * a parameter whose value is not a number is compared as text ({@code LAYOUT == "row"}).
 */
public final class Constraint {

    private final String text;
    private final Expression expression;
    private final Set<String> variables;

    private Constraint(String text, Expression expression, Set<String> variables) {
        this.text = text;
        this.expression = expression;
        this.variables = variables;
    }

    /**
     * Parses {@code text}; every name in it must be a parameter or a size.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Constraint parse(String text, Set<String> parameters, Map<String, Long> sizes) {
        Expression expression = expression(text);
        Set<String> variables;
        try {
            variables = expression.getUsedVariables();
        } catch (ParseException | RuntimeException e) {
            throw new IllegalArgumentException("constraint `" + text + "` cannot be read: " + e.getMessage());
        }
        for (String name : variables) {
            if (!parameters.contains(name) && !sizes.containsKey(name)) {
                throw new IllegalArgumentException("constraint `" + text + "` names `" + name + "`, which is neither a parameter ("
                        + String.join(", ", parameters) + ") nor a size");
            }
        }
        for (var size : sizes.entrySet()) {
            if (variables.contains(size.getKey()) && !parameters.contains(size.getKey())) expression.with(size.getKey(), size.getValue());
        }
        return new Constraint(text, expression, Set.copyOf(variables));
    }

    /** {@code text} read as Kernel Tuner's Python form or EvalEx's, whichever reads it; the message names the column where it stops. */
    private static Expression expression(String text) {
        String translated;
        try {
            translated = ConstraintSyntax.toEvalEx(text);
        } catch (ConstraintSyntax.Unreadable e) {
            // What the Python form cannot read may still be one of EvalEx's own forms (its functions, its constants).
            return asEvalEx(text).orElseThrow(() -> new IllegalArgumentException(
                    "constraint `" + text + "` cannot be read at column " + e.column + ": " + e.getMessage()));
        }
        return asEvalEx(translated).orElseThrow(() -> new IllegalArgumentException("constraint `" + text + "` cannot be read: "
                + problem(translated)));
    }

    private static Optional<Expression> asEvalEx(String text) {
        return problem(text) == null ? Optional.of(new Expression(text)) : Optional.empty();
    }

    /** What EvalEx finds wrong with {@code text}, or null. */
    private static String problem(String text) {
        try {
            Expression expression = new Expression(text);
            expression.validate();
            expression.getUsedVariables();
            return null;
        } catch (ParseException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    /** Whether {@code values} satisfy the rule; a rule that cannot be evaluated for them is not satisfied. */
    public boolean allows(Map<String, String> values) {
        try {
            EvaluationValue result = evaluate(values);
            return result.isBooleanValue() ? result.getBooleanValue() : result.isNumberValue() && result.getNumberValue().signum() != 0;
        } catch (EvaluationException | ParseException | RuntimeException e) {
            return false;
        }
    }

    /** Checks the rule can be evaluated on {@code sample}, naming the problem when it cannot. */
    public void check(Map<String, String> sample) {
        EvaluationValue result;
        try {
            result = evaluate(sample);
        } catch (EvaluationException | ParseException | RuntimeException e) {
            throw new IllegalArgumentException("constraint `" + text + "` cannot be evaluated: " + e.getMessage());
        }
        if (!result.isBooleanValue() && !result.isNumberValue()) {
            throw new IllegalArgumentException("constraint `" + text + "` gives " + result.getValue() + ", not true or false");
        }
    }

    /** One expression is shared by every evaluation of this rule, so they take turns. */
    private EvaluationValue evaluate(Map<String, String> values) throws EvaluationException, ParseException {
        synchronized (expression) {
            for (String name : variables) {
                String value = values.get(name);
                if (value != null) expression.with(name, asValue(value));
            }
            return expression.evaluate();
        }
    }

    private static Object asValue(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return text;
        }
    }

    public Set<String> variables() {
        return variables;
    }

    @Override
    public String toString() {
        return text;
    }
}
