package org.tuningworkbench.engine.space;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a constraint written either in Kernel Tuner's restriction syntax (Python: {@code and},
 * {@code or}, {@code not}, {@code in [...]}, {@code not in}, {@code **}, {@code //}, chained
 * comparisons such as {@code 1 <= x <= 8}, {@code True}, {@code False}) or in the project's own
 * (EvalEx: {@code &&}, {@code ||}, {@code !}, {@code ^} for a power), and writes it as one fully
 * parenthesised EvalEx expression, so EvalEx's own precedence never decides what the person meant.
 *
 * <p>Python's meaning is kept where it differs from EvalEx's: {@code -2 ** 2} is -4, {@code 7 // 2}
 * is the floor of the quotient, {@code 2 ** 3 ** 2} is 512. {@code %} is the remainder with the sign
 * of the dividend (C's; Python's differs for negative operands only).
 */
final class ConstraintSyntax {

    /** What cannot be read, and the 1-based column where reading stopped. */
    static final class Unreadable extends IllegalArgumentException {
        final int column;

        Unreadable(int column, String message) {
            super(message);
            this.column = column;
        }
    }

    private enum Kind { NUMBER, NAME, STRING, SYMBOL, END }

    private record Token(Kind kind, String text, int column) {
        boolean is(String symbol) {
            return (kind == Kind.SYMBOL || kind == Kind.NAME) && text.equals(symbol);
        }
    }

    private static final List<String> SYMBOLS = List.of("**", "//", "<=", ">=", "==", "!=", "&&", "||", "<>",
            "<", ">", "+", "-", "*", "/", "%", "^", "!", "(", ")", "[", "]", ",");
    private static final List<String> COMPARISONS = List.of("<", ">", "<=", ">=", "==", "!=", "<>");
    private static final List<String> KEYWORDS = List.of("and", "or", "not", "in", "is", "if", "else", "lambda", "for");

    private final List<Token> tokens;
    private int next;

    private ConstraintSyntax(List<Token> tokens) {
        this.tokens = tokens;
    }

    /**
     * {@code text} as an EvalEx expression.
     *
     * @throws Unreadable naming what is wrong and where
     */
    static String toEvalEx(String text) {
        var reader = new ConstraintSyntax(tokens(text));
        if (reader.peek().kind == Kind.END) throw new Unreadable(1, "it is empty");
        String out = reader.disjunction();
        Token rest = reader.peek();
        if (rest.kind != Kind.END) throw new Unreadable(rest.column, "`" + rest.text + "` is not expected here");
        return out;
    }

    // --- grammar, from the loosest binding to the tightest, as Python's ---

    private String disjunction() {
        String left = conjunction();
        while (peek().is("or") || peek().is("||")) {
            next++;
            left = "(" + left + " || " + conjunction() + ")";
        }
        return left;
    }

    private String conjunction() {
        String left = negation();
        while (peek().is("and") || peek().is("&&")) {
            next++;
            left = "(" + left + " && " + negation() + ")";
        }
        return left;
    }

    private String negation() {
        if (peek().is("not") || peek().is("!")) {
            next++;
            return "(!" + negation() + ")";
        }
        return comparison();
    }

    /** {@code a < b <= c} is {@code a < b and b <= c}; {@code x in [1, 2]} and {@code x not in [...]} test membership. */
    private String comparison() {
        String left = sum();
        var links = new ArrayList<String>();
        while (true) {
            Token t = peek();
            if (t.kind == Kind.SYMBOL && COMPARISONS.contains(t.text)) {
                next++;
                String right = sum();
                links.add("(" + left + " " + (t.text.equals("<>") ? "!=" : t.text) + " " + right + ")");
                left = right;
            } else if (t.is("in") || (t.is("not") && peekAt(1).is("in"))) {
                boolean negated = t.is("not");
                next += negated ? 2 : 1;
                String membership = membership(left);
                links.add(negated ? "(!" + membership + ")" : membership);
                left = null;
                if (peek().kind == Kind.SYMBOL && COMPARISONS.contains(peek().text) || peek().is("in")) {
                    throw new Unreadable(peek().column, "a comparison cannot follow a membership test; join them with `and`");
                }
            } else if (t.is("is")) {
                next++;
                boolean negated = peek().is("not");
                if (negated) next++;
                String right = sum();
                links.add("(" + left + (negated ? " != " : " == ") + right + ")");
                left = right;
            } else {
                break;
            }
        }
        if (links.isEmpty()) return left;
        return links.size() == 1 ? links.getFirst() : "(" + String.join(" && ", links) + ")";
    }

    /** {@code [1, 2, 8]} or {@code (1, 2, 8)} after {@code in}: equal to one of the values. */
    private String membership(String left) {
        Token open = peek();
        String close = open.is("[") ? "]" : open.is("(") ? ")" : null;
        if (close == null) throw new Unreadable(open.column, "`in` must be followed by a list of values, such as [1, 2, 8]");
        next++;
        var tests = new ArrayList<String>();
        while (!peek().is(close)) {
            tests.add("(" + left + " == " + sum() + ")");
            if (peek().is(",")) next++;
            else if (!peek().is(close)) throw new Unreadable(peek().column, "expected `,` or `" + close + "` in the list after `in`");
        }
        next++;
        if (tests.isEmpty()) return "FALSE";
        return "(" + String.join(" || ", tests) + ")";
    }

    private String sum() {
        String left = product();
        while (peek().is("+") || peek().is("-")) {
            String op = tokens.get(next++).text;
            left = "(" + left + " " + op + " " + product() + ")";
        }
        return left;
    }

    private String product() {
        String left = unary();
        while (peek().is("*") || peek().is("/") || peek().is("//") || peek().is("%")) {
            String op = tokens.get(next++).text;
            String right = unary();
            left = op.equals("//") ? "FLOOR(" + left + " / " + right + ")" : "(" + left + " " + op + " " + right + ")";
        }
        return left;
    }

    /** Python binds {@code -x ** 2} as {@code -(x ** 2)}. */
    private String unary() {
        if (peek().is("-") || peek().is("+")) {
            String op = tokens.get(next++).text;
            String operand = unary();
            return op.equals("-") ? "(-" + operand + ")" : operand;
        }
        return power();
    }

    /** {@code **} (Python) and {@code ^} (EvalEx) raise to a power, right to left. */
    private String power() {
        String base = atom();
        if (peek().is("**") || peek().is("^")) {
            next++;
            return "(" + base + " ^ " + unary() + ")";
        }
        return base;
    }

    private String atom() {
        Token t = peek();
        switch (t.kind) {
            case NUMBER -> {
                next++;
                return t.text;
            }
            case STRING -> {
                next++;
                return "\"" + t.text + "\"";
            }
            case NAME -> {
                next++;
                String lower = t.text.toLowerCase(Locale.ROOT);
                if (lower.equals("true") || lower.equals("false")) return lower.toUpperCase(Locale.ROOT);
                if (KEYWORDS.contains(t.text)) throw new Unreadable(t.column, "`" + t.text + "` is not expected here");
                if (peek().is("(")) return call(t);
                return t.text;
            }
            case SYMBOL -> {
                if (t.is("(")) {
                    next++;
                    String inner = disjunction();
                    expect(")", t);
                    return "(" + inner + ")";
                }
                throw new Unreadable(t.column, t.is("[") ? "a list of values belongs after `in`" : "`" + t.text + "` is not expected here");
            }
            default -> throw new Unreadable(t.column, "the constraint ends where a value is expected");
        }
    }

    /** {@code min(a, b)}: Python's min, max and abs are EvalEx's MIN, MAX and ABS; EvalEx's own functions pass as they are. */
    private String call(Token name) {
        next++;
        var args = new ArrayList<String>();
        while (!peek().is(")")) {
            args.add(disjunction());
            if (peek().is(",")) next++;
            else if (!peek().is(")")) throw new Unreadable(peek().column, "expected `,` or `)` in the arguments of `" + name.text + "`");
        }
        next++;
        return name.text.toUpperCase(Locale.ROOT) + "(" + String.join(", ", args) + ")";
    }

    private void expect(String symbol, Token opening) {
        if (!peek().is(symbol)) {
            Token t = peek();
            throw new Unreadable(t.column, t.kind == Kind.END ? "the `" + opening.text + "` at column " + opening.column + " is never closed"
                    : "expected `" + symbol + "`, found `" + t.text + "`");
        }
        next++;
    }

    private Token peek() {
        return peekAt(0);
    }

    private Token peekAt(int ahead) {
        return tokens.get(Math.min(next + ahead, tokens.size() - 1));
    }

    // --- tokens ---

    private static List<Token> tokens(String text) {
        var out = new ArrayList<Token>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int column = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
                int end = number(text, i);
                out.add(new Token(Kind.NUMBER, text.substring(i, end), column));
                i = end;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) end++;
                out.add(new Token(Kind.NAME, text.substring(i, end), column));
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = text.indexOf(c, i + 1);
                if (end < 0) throw new Unreadable(column, "the quote at column " + column + " is never closed");
                String inner = text.substring(i + 1, end);
                if (inner.indexOf('"') >= 0 || inner.indexOf('\\') >= 0) throw new Unreadable(column, "text in quotes may not hold `\"` or `\\`");
                out.add(new Token(Kind.STRING, inner, column));
                i = end + 1;
            } else {
                int at = i;
                String symbol = SYMBOLS.stream().filter(s -> text.startsWith(s, at)).findFirst()
                        .orElseThrow(() -> new Unreadable(column, "`" + text.substring(at, at + Character.charCount(text.codePointAt(at)))
                                + "` is not an operator (use and, or, not, in, + - * / // % ** and comparisons)"));
                out.add(new Token(Kind.SYMBOL, symbol, column));
                i += symbol.length();
            }
        }
        out.add(new Token(Kind.END, "", text.length() + 1));
        return out;
    }

    /** The end of the number starting at {@code start}: digits, one point, an exponent. */
    private static int number(String text, int start) {
        int i = start;
        while (i < text.length() && Character.isDigit(text.charAt(i))) i++;
        if (i < text.length() && text.charAt(i) == '.') {
            i++;
            while (i < text.length() && Character.isDigit(text.charAt(i))) i++;
        }
        if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int exponent = i + 1;
            if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) exponent++;
            if (exponent < text.length() && Character.isDigit(text.charAt(exponent))) {
                i = exponent;
                while (i < text.length() && Character.isDigit(text.charAt(i))) i++;
            }
        }
        if (i < text.length() && (Character.isLetter(text.charAt(i)) || text.charAt(i) == '_' || text.charAt(i) == '.')) {
            throw new Unreadable(start + 1, "`" + text.substring(start, i + 1) + "` is not a number");
        }
        return i;
    }
}
