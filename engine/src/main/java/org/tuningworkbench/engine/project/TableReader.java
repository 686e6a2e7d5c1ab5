package org.tuningworkbench.engine.project;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/**
 * Typed access to the tables of one project file that records every problem at the file, line and
 * column of the key it concerns. The readers of each table share one, so all problems of a file are
 * collected in one pass.
 */
final class TableReader {

    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

    private final Path file;
    private final List<ProjectError> errors = new ArrayList<>();

    TableReader(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    List<ProjectError> errors() {
        return errors;
    }

    boolean hasErrors() {
        return !errors.isEmpty();
    }

    /** The folder that relative paths of the project file start from. */
    Path directory() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    void checkKeys(TomlTable t, Set<String> known) {
        for (String key : t.keySet()) {
            if (!known.contains(key)) {
                error(t, key, "unknown key `" + key + "`; expected one of " + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    TomlTable table(TomlTable parent, String key, boolean required) {
        Object value = parent.get(List.of(key));
        if (value == null) {
            if (required) error(parent, null, "missing [" + key + "] table");
            return null;
        }
        if (value instanceof TomlTable t) return t;
        error(parent, key, "`" + key + "` must be a table");
        return null;
    }

    TomlArray array(TomlTable parent, String key) {
        Object value = parent.get(List.of(key));
        if (value == null) return null;
        if (value instanceof TomlArray a) return a;
        error(parent, key, "`" + key + "` must be a list of tables ([[" + key + "]])");
        return null;
    }

    String string(TomlTable t, String key, boolean required) {
        Object value = t.get(List.of(key));
        if (value == null) {
            if (required) error(t, null, "missing `" + key + "`");
            return null;
        }
        if (value instanceof String s) {
            // TOML lets a string hold \u0000; no file name, command, flag or expression can carry one.
            if (s.indexOf('\0') < 0) return s;
            error(t, key, "`" + key + "` holds a NUL character (\\u0000), which no file name, command or flag can carry");
            return null;
        }
        error(t, key, "`" + key + "` must be text in quotes");
        return null;
    }

    /** {@code relative}, the value of {@code key}, against the project's folder; null, with an error, when it cannot name a file. */
    Path resolve(TomlTable t, String key, String relative) {
        try {
            return directory().resolve(relative).normalize();
        } catch (InvalidPathException e) {
            error(t, key, "`" + key + "` does not name a file: " + e.getReason());
            return null;
        }
    }

    Double number(TomlTable t, String key) {
        Object value = t.get(List.of(key));
        if (value instanceof Double d) return d;
        if (value instanceof Long l) return l.doubleValue();
        error(t, key, "`" + key + "` must be a number");
        return null;
    }

    Long whole(TomlTable t, String key) {
        if (t.get(List.of(key)) instanceof Long l) return l;
        error(t, key, "`" + key + "` must be a whole number");
        return null;
    }

    Boolean bool(TomlTable t, String key) {
        if (t.get(List.of(key)) instanceof Boolean b) return b;
        error(t, key, "`" + key + "` must be true or false");
        return null;
    }

    Duration seconds(TomlTable t, String key, Duration fallback) {
        Double value = number(t, key);
        if (value == null) return fallback;
        if (!(value > 0) || value > 1e9) {
            error(t, key, "`" + key + "` must be a positive number of seconds, not " + value);
            return fallback;
        }
        return Duration.ofMillis(Math.max(1, Math.round(value * 1000)));
    }

    /** Whether {@code value} of {@code key} is within {@code range}; an error naming the value and the range when not. */
    boolean inRange(TomlTable t, String key, Range range, double value) {
        if (range.contains(value)) return true;
        error(t, key, range.refusal("`" + key + "`", value));
        return false;
    }

    /** Records what is wrong with an expression over the sizes; nothing when it uses a size whose own value is wrong, as that error says. */
    void sizesError(TomlTable t, String key, String what, IllegalArgumentException e) {
        if (!(e instanceof Sizes.BrokenSize)) error(t, key, what + e.getMessage());
    }

    /** Records an error at {@code key} of {@code t}, or at the table itself when key is null. */
    void error(TomlTable t, String key, String message) {
        TomlPosition position = key != null ? t.inputPositionOf(List.of(key)) : firstPosition(t);
        errorAt(position, message);
    }

    private static TomlPosition firstPosition(TomlTable t) {
        TomlPosition first = null;
        for (String k : t.keySet()) {
            TomlPosition p = t.inputPositionOf(List.of(k));
            if (p != null && (first == null || p.line() < first.line())) first = p;
        }
        return first;
    }

    void errorAt(TomlPosition position, String message) {
        errors.add(position == null
                ? new ProjectError(file, 0, 0, message)
                : new ProjectError(file, position.line(), position.column(), message));
    }

    /** Records an error that belongs to no key of the file. */
    void error(String message) {
        errors.add(new ProjectError(file, 0, 0, message));
    }
}
