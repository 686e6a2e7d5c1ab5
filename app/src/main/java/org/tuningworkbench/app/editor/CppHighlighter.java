package org.tuningworkbench.app.editor;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;
import org.tuningworkbench.engine.marker.TunableLine;

/** C and C++ highlighting as style classes, with the value part of each tunable line marked. */
public final class CppHighlighter {

    private static final Set<String> KEYWORDS = Set.of("alignas", "alignof", "asm", "auto", "break", "case", "catch", "class",
            "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "decltype", "default", "delete", "do",
            "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "for", "friend", "goto", "if", "inline",
            "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected", "public", "register",
            "reinterpret_cast", "restrict", "return", "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
            "template", "this", "throw", "true", "try", "typedef", "typeid", "typename", "union", "using", "virtual",
            "volatile", "while", "__restrict__", "__restrict", "__global__", "__device__", "__shared__",
            "__kernel", "__global", "__local", "__constant", "__private", "__attribute__");
    private static final Set<String> TYPES = Set.of("void", "bool", "char", "short", "int", "long", "float", "double", "signed",
            "unsigned", "size_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
            "uint64_t", "half", "float4", "std");
    private static final Pattern TOKENS = Pattern.compile(
            "(?<COMMENT>//[^\n]*|/\\*(?:.|\\R)*?\\*/)"
                    // A directive ends where a comment starts, so the marker of `#define B 64 // tunable` shows as one.
                    + "|(?<PREPROCESSOR>^[ \\t]*#(?:[^\n/]|/(?![/*]))*)"
                    + "|(?<STRING>\"(?:[^\"\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\n]|\\\\.)*')"
                    + "|(?<NUMBER>\\b(?:0[xX][0-9a-fA-F']+|\\d[\\d']*\\.?\\d*(?:[eE][+-]?\\d+)?)[uUlLfF]*\\b)"
                    + "|(?<WORD>\\b[A-Za-z_]\\w*\\b)",
            Pattern.MULTILINE);

    private CppHighlighter() {}

    public static StyleSpans<Collection<String>> highlight(String text, List<TunableLine> marked) {
        int length = text.length();
        String[] kind = new String[length];
        int[] lineStarts = lineStarts(text);
        // Only a marked line's trailing comment is its marker; "tunable" in any other comment is prose.
        var markedLines = new java.util.HashSet<Integer>();
        for (TunableLine line : marked) markedLines.add(line.line());
        Matcher m = TOKENS.matcher(text);
        while (m.find()) {
            boolean marker = m.group("COMMENT") != null && m.group().startsWith("//") && m.group().contains("tunable")
                    && markedLines.contains(lineOf(lineStarts, m.start()));
            String style = m.group("COMMENT") != null ? (marker ? "marker-comment" : "comment")
                    : m.group("PREPROCESSOR") != null ? "preprocessor"
                    : m.group("STRING") != null ? "string"
                    : m.group("NUMBER") != null ? "number"
                    : KEYWORDS.contains(m.group()) ? "keyword"
                    : TYPES.contains(m.group()) ? "type"
                    : Character.isUpperCase(m.group().charAt(0)) ? "type-name" : null;
            if (style != null) for (int i = m.start(); i < m.end(); i++) kind[i] = style;
        }
        boolean[] value = new boolean[length];
        for (TunableLine line : marked) {
            if (line.line() - 1 >= lineStarts.length) continue;
            int start = lineStarts[line.line() - 1];
            for (int i = start + line.valueStart(); i < Math.min(length, start + line.valueEnd()); i++) value[i] = true;
        }
        var spans = new StyleSpansBuilder<Collection<String>>();
        if (length == 0) {
            spans.add(List.of(), 0);
            return spans.create();
        }
        int runStart = 0;
        for (int i = 1; i <= length; i++) {
            if (i == length || !java.util.Objects.equals(kind[i], kind[runStart]) || value[i] != value[runStart]) {
                spans.add(styles(kind[runStart], value[runStart]), i - runStart);
                runStart = i;
            }
        }
        return spans.create();
    }

    private static Collection<String> styles(String kind, boolean value) {
        if (kind == null) return value ? List.of("tunable-value") : List.of();
        return value ? List.of(kind, "tunable-value") : List.of(kind);
    }

    /** The 1-based line of offset {@code at}. */
    private static int lineOf(int[] lineStarts, int at) {
        int i = java.util.Arrays.binarySearch(lineStarts, at);
        return (i >= 0 ? i : -i - 2) + 1;
    }

    private static int[] lineStarts(String text) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') count++;
        int[] starts = new int[count];
        int line = 1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') starts[line++] = i + 1;
        return starts;
    }
}
