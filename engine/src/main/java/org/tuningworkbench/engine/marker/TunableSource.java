package org.tuningworkbench.engine.marker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kernel source and the tunable parameters its marked lines declare.
 *
 * <p>The rules, compatible with the vendor syntax:
 * <ul>
 *   <li>{@code <declaration> = <value>; // tunable}: the parameter is the identifier just before the
 *       first {@code =}; a value replaces the text between that {@code =} and the last {@code ;}.</li>
 *   <li>{@code #define NAME value // tunable}: the parameter is the macro's name; a value replaces its
 *       body (C, C++ and OpenCL C keep tunables this way, and Kernel Tuner's kernels expect them).</li>
 *   <li>{@code <any code> // tunable: Alias}: the parameter is {@code Alias}; a value replaces the
 *       whole code part, keeping the line's indentation.</li>
 *   <li>Alias lines are substituted first, then declarations; when several lines declare one name,
 *       only the first of them (aliases before declarations) is changed.</li>
 *   <li>The marker comment stays on the line, so a variant is itself a marked source.</li>
 *   <li>In a file whose comments start otherwise ({@link CommentStyle}: {@code # tunable} in Python or
 *       shell, {@code -- tunable} in Lua), {@code NAME = value # tunable} replaces the text from the
 *       {@code =} to the marker; aliases read {@code # tunable: Alias}.</li>
 * </ul>
 */
public final class TunableSource {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");
    private static final Pattern DEFINE = Pattern.compile("\\s*#\\s*define\\s+(?<name>\\w*)");
    private static final Pattern NAME_BEFORE_EQUALS = Pattern.compile("([A-Za-z_]\\w*)\\s*$");

    private final Path file;
    private final CommentStyle style;
    private final List<String> lines;
    private final List<TunableLine> marked;
    private final Map<String, TunableLine> parameters;
    private final List<MarkerError> errors;
    private final boolean injectsDefines;

    private TunableSource(Path file, List<String> lines, List<TunableLine> marked, List<MarkerError> errors, CommentStyle style,
                          boolean injectsDefines) {
        this.file = file;
        this.style = style;
        this.injectsDefines = injectsDefines;
        this.lines = lines;
        this.marked = List.copyOf(marked);
        this.errors = List.copyOf(errors);
        var byName = new LinkedHashMap<String, TunableLine>();
        for (boolean aliases : new boolean[] {true, false}) {
            for (TunableLine line : marked) {
                if ((line.kind() == TunableLine.Kind.ALIAS) == aliases) byName.putIfAbsent(line.name(), line);
            }
        }
        this.parameters = Collections.unmodifiableMap(byName);
    }

    /** Reads the markers of {@code text}, in the comment style of {@code file}'s extension; lines that cannot be understood become {@link #errors()}. */
    public static TunableSource parse(Path file, String text) {
        return parse(file, text, CommentStyle.of(file));
    }

    /** Reads the markers of {@code text} written in comments of {@code style}. */
    public static TunableSource parse(Path file, String text, CommentStyle style) {
        String marker = "`" + style.written();
        List<String> lines = List.of(text.split("\n", -1));
        var marked = new ArrayList<TunableLine>();
        var errors = new ArrayList<MarkerError>();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripCarriageReturn(lines.get(i));
            Matcher m = style.marker().matcher(line);
            if (!m.find()) continue;
            String code = line.substring(0, m.start());
            int number = i + 1;
            if (style.aliasMarker().matcher(line.substring(m.start())).matches()) {
                String alias = m.group("alias");
                if (alias == null || !IDENTIFIER.matcher(alias).matches()) {
                    errors.add(new MarkerError(file, number, marker + ":` must be followed by a parameter name (letters, digits, _), found `"
                            + line.substring(m.start()).strip() + "`"));
                } else if (code.isBlank()) {
                    errors.add(new MarkerError(file, number, marker + ": " + alias + "` marks a line with no code to replace"));
                } else {
                    int start = code.length() - code.stripLeading().length();
                    int end = code.stripTrailing().length();
                    marked.add(new TunableLine(number, alias, TunableLine.Kind.ALIAS, start, end, line));
                }
            } else if (style == CommentStyle.SLASHES && DEFINE.matcher(code).lookingAt()) {
                define(file, number, line, code).ifPresentOrElse(marked::add, () -> errors.add(new MarkerError(file, number,
                        "a tunable `#define` must read `#define NAME VALUE // tunable` (a macro without parameters, with a value), found `"
                                + code.strip() + "`")));
            } else {
                String forms = style == CommentStyle.SLASHES
                        ? "`NAME = VALUE; // tunable` or `#define NAME VALUE // tunable` (or use `// tunable: Alias`)"
                        : "`NAME = VALUE " + style.written() + "` (or use " + marker + ": Alias`)";
                declaration(number, line, code, style).ifPresentOrElse(marked::add, () -> errors.add(new MarkerError(file, number,
                        "a " + marker + "` line must read " + forms + ", found `" + code.strip() + "`")));
            }
        }
        return new TunableSource(file, lines, marked, errors, style, false);
    }

    /**
     * This source, where a config's parameters that no marked line declares are written as
     * {@code #define NAME VALUE} before the kernel (Kernel Tuner's convention) when {@code inject}
     * is true; otherwise such a config is invalid, as it is by default.
     */
    public TunableSource injectingDefines(boolean inject) {
        return inject == injectsDefines ? this : new TunableSource(file, lines, marked, errors, style, inject);
    }

    /** {@code #define NAME value}: the value is the macro's body, up to the marker; a macro with parameters is not a tunable. */
    private static java.util.Optional<TunableLine> define(Path file, int number, String line, String code) {
        Matcher m = DEFINE.matcher(code);
        if (!m.lookingAt() || !m.group("name").matches("[A-Za-z_]\\w*") || m.end() == code.length() || code.charAt(m.end()) == '(') {
            return java.util.Optional.empty();
        }
        int start = m.end();
        while (start < code.length() && Character.isWhitespace(code.charAt(start))) start++;
        int end = code.stripTrailing().length();
        if (start >= end || code.charAt(end - 1) == '\\') return java.util.Optional.empty();
        return java.util.Optional.of(new TunableLine(number, m.group("name"), TunableLine.Kind.DEFINE, start, end, line));
    }

    /** {@code NAME = value;} in C and its kin; {@code NAME = value} in a language whose statements end with the line. */
    private static java.util.Optional<TunableLine> declaration(int number, String line, String code, CommentStyle style) {
        int equals = firstAssignment(code);
        String trimmed = code.stripTrailing();
        int semicolon = style.valueEndsAtSemicolon() ? code.lastIndexOf(';')
                : trimmed.endsWith(";") ? trimmed.length() - 1 : trimmed.length();
        if (equals < 0 || semicolon < equals) return java.util.Optional.empty();
        Matcher name = NAME_BEFORE_EQUALS.matcher(code.substring(0, equals));
        if (!name.find()) return java.util.Optional.empty();
        int start = equals + 1;
        while (start < semicolon && code.charAt(start) == ' ') start++;
        int end = semicolon;
        while (end > start && Character.isWhitespace(code.charAt(end - 1))) end--;
        if (start == end) return java.util.Optional.empty();
        return java.util.Optional.of(new TunableLine(number, name.group(1), TunableLine.Kind.DECLARATION, start, end, line));
    }

    /** The first {@code =} that is an assignment, not part of {@code ==}, {@code <=}, {@code >=} or {@code !=}. */
    private static int firstAssignment(String code) {
        for (int i = 0; i < code.length(); i++) {
            if (code.charAt(i) != '=') continue;
            char before = i > 0 ? code.charAt(i - 1) : ' ';
            char after = i + 1 < code.length() ? code.charAt(i + 1) : ' ';
            if (after == '=') { i++; continue; }
            if ("<>!=".indexOf(before) < 0) return i;
        }
        return -1;
    }

    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    public Path file() { return file; }

    public String text() { return String.join("\n", lines); }

    /** Every marked line that was understood, in file order. */
    public List<TunableLine> markedLines() { return marked; }

    /** Parameter name to the line a value for it changes, aliases first, then declarations. */
    public Map<String, TunableLine> parameters() { return parameters; }

    public List<MarkerError> errors() { return errors; }

    /**
     * Substitutes {@code config} into the source. Parameters the config leaves out keep their
     * current value; with {@link #injectingDefines}, those no marked line declares become the
     * variant's {@link Variant#injected() injected defines}.
     *
     * @throws InvalidConfigException if the config names a parameter no marked line declares (and
     *                                none are injected), or gives a value the line cannot take
     */
    public Variant substitute(Config config) throws InvalidConfigException {
        var out = new ArrayList<>(lines);
        var injected = new LinkedHashMap<String, String>();
        for (var entry : config.values().entrySet()) {
            TunableLine target = parameters.get(entry.getKey());
            if (target == null && injectsDefines) {
                target = injectedLine(config, entry.getKey());
                injected.put(entry.getKey(), entry.getValue());
            }
            if (target == null) {
                throw new InvalidConfigException("config " + config + " sets `" + entry.getKey()
                        + "`, but no `" + style.written() + "` line in " + file.getFileName() + " declares it (declared: "
                        + (parameters.isEmpty() ? "none" : String.join(", ", parameters.keySet()))
                        + "; [kernel] inject = \"defines\" writes such parameters as #define lines)");
            }
            String problem = problemWithValue(target, entry.getValue());
            if (problem == null && style != CommentStyle.SLASHES && entry.getValue().contains(style.token())) {
                problem = "contains `" + style.token() + "`, which would start a comment and hide the rest of the line";
            }
            if (problem != null) {
                throw new InvalidConfigException("config " + config + ": the value of `" + entry.getKey() + "` " + problem);
            }
            if (injected.containsKey(entry.getKey())) continue;
            String original = lines.get(target.line() - 1);
            String suffix = original.endsWith("\r") ? "\r" : "";
            out.set(target.line() - 1, target.with(entry.getValue()) + suffix);
        }
        return new Variant(config, String.join("\n", out), injected);
    }

    /** The {@code #define} line an injected parameter becomes, to check its name and value as a marked one's. */
    private static TunableLine injectedLine(Config config, String name) throws InvalidConfigException {
        if (!IDENTIFIER.matcher(name).matches()) {
            throw new InvalidConfigException("config " + config + " sets `" + name + "`, which cannot be injected as a #define: it is not a C name");
        }
        String text = "#define " + name + " ";
        return new TunableLine(0, name, TunableLine.Kind.DEFINE, text.length(), text.length(), text);
    }

    /** Why {@code value} cannot be put on {@code line}, or null when it can. */
    public static String problemWithValue(TunableLine line, String value) {
        if (value == null || value.isBlank()) return "is empty";
        if (value.contains("\n") || value.contains("\r")) return "spans several lines; a value must fit on its marked line";
        if (value.contains("//") || value.contains("/*")) return "contains a comment, which would hide the rest of the line";
        if (line.kind() == TunableLine.Kind.DECLARATION && value.contains(";")) {
            return "contains `;`; a declaration's value is the text between `=` and `;`";
        }
        if (line.kind() == TunableLine.Kind.DEFINE && value.strip().endsWith("\\")) {
            return "ends with `\\`, which would carry the macro onto the next line";
        }
        return null;
    }
}
