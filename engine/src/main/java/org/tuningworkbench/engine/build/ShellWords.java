package org.tuningworkbench.engine.build;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line's words as {@code /bin/sh} splits them (blanks, single and double quotes, a
 * backslash), without expanding anything; and a word quoted so the shell reads it as that one word.
 * Separators ({@code ; & | && ||}) are words of their own.
 */
public final class ShellWords {
    private ShellWords() {}

    public static List<String> split(String command) {
        var words = new ArrayList<String>();
        var word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c == '\'') {
                int end = command.indexOf('\'', i + 1);
                if (end < 0) end = command.length();
                word.append(command, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                int j = i + 1;
                for (; j < command.length() && command.charAt(j) != '"'; j++) {
                    if (command.charAt(j) == '\\' && j + 1 < command.length() && "\"\\$`".indexOf(command.charAt(j + 1)) >= 0) j++;
                    word.append(command.charAt(j));
                }
                i = j;
                inWord = true;
            } else if (c == '\\' && i + 1 < command.length()) {
                word.append(command.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c) || c == ';' || c == '&' || c == '|') {
                if (inWord) words.add(word.toString());
                word.setLength(0);
                inWord = false;
                if (!Character.isWhitespace(c)) words.add(String.valueOf(c));
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) words.add(word.toString());
        return words;
    }

    /** {@code word} in single quotes, so the shell passes it on as it is: no expansion, no second command. */
    public static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Each of {@code flags}' words quoted: flags the project appends reach the compiler as words, never as shell syntax. */
    public static String quoteEach(String flags) {
        return String.join(" ", split(flags).stream().map(ShellWords::quote).toList());
    }
}
