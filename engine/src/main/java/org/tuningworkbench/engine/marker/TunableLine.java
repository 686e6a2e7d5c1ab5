package org.tuningworkbench.engine.marker;

/**
 * A line of kernel source marked {@code // tunable} or {@code // tunable: Alias}.
 *
 * @param line       1-based line number in the kernel file
 * @param name       the parameter this line sets
 * @param kind       how a value replaces text on the line
 * @param valueStart offset in the line where the replaced text starts
 * @param valueEnd   offset in the line just past the replaced text
 */
public record TunableLine(int line, String name, Kind kind, int valueStart, int valueEnd, String text) {

    public enum Kind {
        /** {@code NAME = value; // tunable}: a value replaces the text between {@code =} and {@code ;}. */
        DECLARATION,
        /** {@code #define NAME value // tunable}: a value replaces the macro's body, the text after its name. */
        DEFINE,
        /** {@code code // tunable: Alias}: a value replaces the whole code part of the line. */
        ALIAS
    }

    /** The text a configuration would replace: the current value. */
    public String value() {
        return text.substring(valueStart, valueEnd);
    }

    /** This line with {@code value} in place of the current one. */
    public String with(String value) {
        return text.substring(0, valueStart) + value + text.substring(valueEnd);
    }
}
