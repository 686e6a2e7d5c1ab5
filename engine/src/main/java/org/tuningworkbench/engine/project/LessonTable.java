package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.marker.Config;

/** Reads a project's {@code [lesson]}: each step names one of the project's configs (by name or number) and carries a note. */
final class LessonTable {

    /** A note is a page or two of Markdown; anything this large is another file named by mistake. */
    private static final long MAX_NOTE_BYTES = 256 * 1024;

    private final TableReader reader;

    LessonTable(TableReader reader) {
        this.reader = reader;
    }

    Optional<Lesson> read(TomlTable root, String projectName, List<Config> configs) {
        Object value = root.get(List.of("lesson"));
        if (value == null) return Optional.empty();
        if (!(value instanceof TomlTable lesson)) {
            reader.error(root, "lesson", "`lesson` must be a table: [lesson] with a title, and [[lesson.step]] entries");
            return Optional.empty();
        }
        reader.checkKeys(lesson, Set.of("title", "step"));
        String title = reader.string(lesson, "title", false);
        Object stepsValue = lesson.get(List.of("step"));
        if (stepsValue == null) {
            reader.error(lesson, null, "the lesson has no steps: add a [[lesson.step]] for each config to show, in order");
            return Optional.empty();
        }
        if (!(stepsValue instanceof TomlArray array)) {
            reader.error(lesson, "step", "`step` must be a list of tables ([[lesson.step]])");
            return Optional.empty();
        }
        var steps = new ArrayList<Lesson.Step>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof TomlTable t)) {
                reader.errorAt(array.inputPositionOf(i), "lesson step " + (i + 1) + " must be a table ([[lesson.step]])");
                continue;
            }
            step(t, i + 1, configs).ifPresent(steps::add);
        }
        return Optional.of(new Lesson(title == null ? projectName : title, steps));
    }

    private Optional<Lesson.Step> step(TomlTable t, int n, List<Config> configs) {
        reader.checkKeys(t, Set.of("title", "config", "note", "note_file", "expect"));
        int number = configNumber(t, n, configs);
        String title = reader.string(t, "title", false);
        String note = note(t, n);
        Optional<Lesson.Expect> expect = expect(t, n);
        if (number < 1 || note == null || expect == null) return Optional.empty();
        Config config = configs.get(number - 1);
        if (title == null) title = config.name() != null ? config.name() : "No." + number;
        return Optional.of(new Lesson.Step(title, number, config, note, expect.orElse(null)));
    }

    /** The direction the step's note expects against the step before: empty without {@code expect}, null after an error. */
    private Optional<Lesson.Expect> expect(TomlTable t, int n) {
        if (!t.contains("expect")) return Optional.empty();
        String word = reader.string(t, "expect", false);
        if (word == null) return null;
        for (Lesson.Expect e : Lesson.Expect.values()) if (e.word().equals(word)) return Optional.of(e);
        reader.error(t, "expect", "lesson step " + n + ": `expect` is \"faster\" or \"slower\" (than the step before), not \"" + word + "\"");
        return null;
    }

    /** The 1-based number of the config the step names, or 0 after an error. */
    private int configNumber(TomlTable t, int n, List<Config> configs) {
        Object value = t.get(List.of("config"));
        if (value == null) {
            reader.error(t, null, "lesson step " + n + ": missing `config`: give a config's name (config = \"tiled\") or its number in [[configs]] (config = 3)");
            return 0;
        }
        if (value instanceof Long number) {
            if (number >= 1 && number <= configs.size()) return number.intValue();
            reader.error(t, "config", "lesson step " + n + ": there is no config No." + number + "; the project lists "
                    + (configs.isEmpty() ? "no [[configs]]" : configs.size() + " (No.1 to No." + configs.size() + ")"));
            return 0;
        }
        if (!(value instanceof String name)) {
            reader.error(t, "config", "lesson step " + n + ": `config` must be a config's name in quotes or its number");
            return 0;
        }
        List<Integer> named = IntStream.range(0, configs.size()).filter(i -> name.equals(configs.get(i).name())).map(i -> i + 1).boxed().toList();
        if (named.size() == 1) return named.getFirst();
        if (named.size() > 1) {
            reader.error(t, "config", "lesson step " + n + ": more than one config is named `" + name + "` ("
                    + named.stream().map(i -> "No." + i).collect(Collectors.joining(", ")) + "); name the step's config by its number");
            return 0;
        }
        List<String> names = configs.stream().map(Config::name).filter(s -> s != null).toList();
        reader.error(t, "config", "lesson step " + n + ": no config is named `" + name + "`; "
                + (names.isEmpty() ? "the project's configs have no names (give one with name = \"...\" in [[configs]], or use a number)"
                        : "the named configs are " + String.join(", ", names)));
        return 0;
    }

    /** The step's Markdown, from {@code note} or the file {@code note_file} names; "" without either, null after an error. */
    private String note(TomlTable t, int n) {
        boolean inline = t.contains("note");
        boolean file = t.contains("note_file");
        if (inline && file) {
            reader.error(t, "note_file", "lesson step " + n + ": give `note` or `note_file`, not both");
            return null;
        }
        if (inline) return reader.string(t, "note", false);
        if (!file) return "";
        String name = reader.string(t, "note_file", false);
        if (name == null) return null;
        Path path = reader.directory().resolve(name).normalize();
        try {
            if (!Files.isRegularFile(path)) throw new IOException(Files.exists(path) ? "it is not a regular file" : "no such file");
            // A project opened from elsewhere must not show (or send along) a file of the user's outside its folder.
            Path folder = reader.directory().toRealPath();
            if (!path.toRealPath().startsWith(folder)) {
                reader.error(t, "note_file", "lesson step " + n + ": the note file " + name + " is outside the project folder " + folder
                        + "; a note is read from the project's own files");
                return null;
            }
            if (Files.size(path) > MAX_NOTE_BYTES) throw new IOException("it is larger than " + MAX_NOTE_BYTES / 1024 + " KiB");
            return Files.readString(path);
        } catch (java.nio.charset.CharacterCodingException e) {
            reader.error(t, "note_file", "lesson step " + n + ": the note file " + path + " is not UTF-8 text");
            return null;
        } catch (IOException e) {
            reader.error(t, "note_file", "lesson step " + n + ": cannot read the note file " + path + ": " + e.getMessage());
            return null;
        }
    }
}
