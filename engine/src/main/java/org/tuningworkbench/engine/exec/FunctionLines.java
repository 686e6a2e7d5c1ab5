package org.tuningworkbench.engine.exec;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * The lines a C or C++ function's definition spans in a source file, from the first line of its
 * declaration to its closing brace: what tells a compile error in a golden reference from one
 * elsewhere in its file. A definition counts only at the file's top level or inside
 * {@code namespace} and {@code extern "C"} blocks: one found inside another function's body (a
 * brace left open above it) is not the function's own, and nothing is found.
 *
 * @param first the first line (1-based) of the declaration
 * @param last  the line of the closing brace
 */
record FunctionLines(int first, int last) {

    boolean contains(int line) {
        return line >= first && line <= last;
    }

    /** Where {@code name} is defined in {@code text}; empty when it is not defined there at a place a function can be. */
    static Optional<FunctionLines> find(String text, String name) {
        var scanner = new Scanner(text);
        // For each open brace: whether it opened a namespace or extern "C" block (a function may be defined in it).
        Deque<Boolean> open = new ArrayDeque<>();
        int declarationStart = -1;
        int declarationLine = 1;
        int nameLine = -1;
        int parens = 0;
        boolean afterName = false;
        boolean closedParameters = false;
        int defined = -1;
        int definedDepth = -1;
        while (scanner.next()) {
            char c = scanner.c;
            boolean scope = open.stream().allMatch(b -> b);
            if (declarationStart < 0 && !Character.isWhitespace(c)) {
                declarationStart = scanner.at;
                declarationLine = scanner.line;
            }
            if (Character.isJavaIdentifierStart(c)) {
                String word = scanner.word();
                if (scope && parens == 0 && word.equals(name)) {
                    afterName = true;
                    closedParameters = false;
                    nameLine = declarationLine;
                } else if (parens == 0) {
                    afterName = closedParameters && afterName && isQualifier(word);
                    if (!afterName) closedParameters = false;
                }
                continue;
            }
            switch (c) {
                case '(' -> parens++;
                case ')' -> {
                    parens = Math.max(0, parens - 1);
                    if (parens == 0 && afterName) closedParameters = true;
                }
                case '{' -> {
                    if (parens == 0 && afterName && closedParameters && defined < 0) {
                        defined = nameLine;
                        definedDepth = open.size();
                    }
                    String opener = text.substring(Math.max(0, declarationStart), scanner.at).strip();
                    open.push(opener.startsWith("namespace") || opener.matches("extern\\s*\"C(\\+\\+)?\""));
                    declarationStart = -1;
                    afterName = false;
                    closedParameters = false;
                }
                case '}' -> {
                    if (!open.isEmpty()) open.pop();
                    declarationStart = -1;
                    afterName = false;
                    closedParameters = false;
                    if (defined > 0 && open.size() == definedDepth) return Optional.of(new FunctionLines(defined, scanner.line));
                }
                case ';' -> {
                    if (parens == 0) {
                        declarationStart = -1;
                        afterName = false;
                        closedParameters = false;
                    }
                }
                default -> {
                    if (parens == 0 && !Character.isWhitespace(c)) {
                        afterName = false;
                        closedParameters = false;
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** What may stand between a C++ function's parameters and its body. */
    private static boolean isQualifier(String word) {
        return switch (word) {
            case "const", "noexcept", "override", "final", "volatile" -> true;
            default -> false;
        };
    }

    /** The characters of a source that are code: comments, string and character literals and preprocessor lines are skipped. */
    private static final class Scanner {
        private final String text;
        int at = -1;
        int line = 1;
        char c;
        private int next;

        Scanner(String text) {
            this.text = text;
        }

        boolean next() {
            while (next < text.length()) {
                char ch = text.charAt(next);
                if (ch == '\n') {
                    line++;
                    next++;
                    if (startsPreprocessorLine()) skipPreprocessorLine();
                    continue;
                }
                if (next == 0 && startsPreprocessorLine()) {
                    skipPreprocessorLine();
                    continue;
                }
                if (text.startsWith("//", next)) {
                    while (next < text.length() && text.charAt(next) != '\n') next++;
                    continue;
                }
                if (text.startsWith("/*", next)) {
                    int end = text.indexOf("*/", next + 2);
                    int stop = end < 0 ? text.length() : end + 2;
                    for (int i = next; i < stop; i++) if (text.charAt(i) == '\n') line++;
                    next = stop;
                    continue;
                }
                if (ch == '"' || ch == '\'') {
                    int i = next + 1;
                    while (i < text.length() && text.charAt(i) != ch && text.charAt(i) != '\n') i += text.charAt(i) == '\\' ? 2 : 1;
                    at = next;
                    c = ch;
                    next = Math.min(text.length(), i + 1);
                    return true;
                }
                at = next++;
                c = ch;
                return true;
            }
            return false;
        }

        /** The identifier starting at the current character; the scanner moves past it. */
        String word() {
            int end = at + 1;
            while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) end++;
            next = end;
            return text.substring(at, end);
        }

        private boolean startsPreprocessorLine() {
            int i = next;
            while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) i++;
            return i < text.length() && text.charAt(i) == '#';
        }

        /** Skips a preprocessor line and its continuations, stopping at its newline. */
        private void skipPreprocessorLine() {
            while (next < text.length() && text.charAt(next) != '\n') {
                if (text.charAt(next) == '\\' && next + 1 < text.length() && text.charAt(next + 1) == '\n') {
                    line++;
                    next += 2;
                    continue;
                }
                next++;
            }
        }
    }
}
