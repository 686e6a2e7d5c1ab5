package org.tuningworkbench.engine.project;

import java.util.List;
import org.tuningworkbench.engine.marker.Config;

/**
 * A project told as a lesson: its configs taken one step at a time, in order, each with a note
 * (Markdown) that says why the step is faster than the one before. Read from the project file's
 * {@code [lesson]} table and its {@code [[lesson.step]]} entries by {@link ProjectFile#lesson}.
 *
 * @param title what the lesson teaches; the project's name when the file gives none
 */
public record Lesson(String title, List<Step> steps) {

    public Lesson {
        steps = List.copyOf(steps);
    }

    /**
     * One step: a config of the project, shown with its note.
     *
     * @param number the config's 1-based number in the project's {@code [[configs]]}
     * @param note   Markdown text, empty when the step has none
     * @param expect how the note expects the step to compare with the step before ({@code expect = "faster"}); null when it says nothing
     */
    public record Step(String title, int number, Config config, String note, Expect expect) {

        /** A step the note expects nothing of. */
        public Step(String title, int number, Config config, String note) {
            this(title, number, config, note, null);
        }
    }

    /** The direction a note expects a step to take from the step before. */
    public enum Expect {
        FASTER, SLOWER;

        /** {@code faster} or {@code slower}, as the project file writes it. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
