package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * What the command line prints, with every control character but newline and tab shown as
 * {@code \xNN}: text from outside (a target's answer, a compiler's message, a record file, a file
 * name) can then never drive the terminal (move the cursor, retitle the window, write the clipboard,
 * hide what was printed before). Only the progress line, which rewrites itself, writes raw.
 */
final class TerminalWriter extends PrintWriter {
    private final PrintWriter raw;

    private TerminalWriter(PrintWriter raw) {
        super(raw, true);
        this.raw = raw;
    }

    /** {@code writer} with control characters neutralised (once: a writer already so is returned as it is). */
    static PrintWriter of(PrintWriter writer) {
        return writer instanceof TerminalWriter ? writer : new TerminalWriter(writer);
    }

    /** The writer under {@code writer}, for text of the workbench's own that must reach the terminal as it is. */
    static PrintWriter raw(PrintWriter writer) {
        return writer instanceof TerminalWriter t ? t.raw : writer;
    }

    /** {@code text} with its control characters (C0 but newline and tab, DEL, C1) written as {@code \xNN}. */
    static String neutral(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                if (out == null) out = new StringBuilder(text.length() + 16).append(text, 0, i);
                out.append(String.format("\\x%02x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }

    @Override
    public void write(int c) {
        if (isControl((char) c)) write(String.valueOf((char) c));
        else super.write(c);
    }

    @Override
    public void write(char[] buf, int off, int len) {
        write(new String(buf, off, len));
    }

    @Override
    public void write(String s, int off, int len) {
        String neutral = neutral(s.substring(off, off + len));
        super.write(neutral, 0, neutral.length());
    }

    @Override
    public void println() {
        // The line separator is the workbench's own: written as it is.
        String separator = System.lineSeparator();
        super.write(separator, 0, separator.length());
        flush();
    }
}
