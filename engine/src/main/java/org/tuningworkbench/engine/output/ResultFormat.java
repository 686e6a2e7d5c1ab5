package org.tuningworkbench.engine.output;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * One form results are given in: the table people read ({@link TableFormat}), the vendor
 * autotuner's lines ({@link VendorFormat}), a JSON line per record ({@link JsonFormat}), or a file
 * another tool reads back ({@link KernelTunerCacheFormat}, {@link T4Format}). A command chooses its
 * form once ({@link #printed}, {@link #file}) and hands it each record as a run measures it, then the
 * results whole; a form says nothing of what it has no place for.
 */
public interface ResultFormat {

    /** The forms a run prints as it goes, as {@code --format} names them ({@code --json} names the JSON lines). */
    List<String> PRINTED = List.of(TableFormat.NAME, VendorFormat.NAME, JsonFormat.NAME);

    /** The forms written to a file, as {@code export --format} names them. */
    List<String> FILES = List.of(KernelTunerCacheFormat.NAME, T4Format.NAME);

    /**
     * The printed form named {@code name}; {@code parameterOrder}, the project's parameters, orders a
     * config's values where the form writes them in an order of its own (the vendor's dicts).
     *
     * @throws IllegalArgumentException naming the forms, when {@code name} is none of them
     */
    static ResultFormat printed(String name, List<String> parameterOrder) {
        return switch (name) {
            case TableFormat.NAME -> new TableFormat();
            case VendorFormat.NAME -> new VendorFormat(parameterOrder);
            case JsonFormat.NAME -> new JsonFormat();
            default -> throw new IllegalArgumentException("--format takes " + String.join(", ", PRINTED.subList(0, PRINTED.size() - 1)) + " or " + PRINTED.getLast()
                    + ", not `" + name + "`");
        };
    }

    /**
     * The file form named {@code name}, written to {@code file}.
     *
     * @throws IllegalArgumentException naming the forms, when {@code name} is none of them
     */
    static ResultFormat file(String name, Path file) {
        return switch (name) {
            case KernelTunerCacheFormat.NAME -> new KernelTunerCacheFormat(file);
            case T4Format.NAME -> new T4Format(file);
            default -> throw new IllegalArgumentException("--format takes " + String.join(" or ", FILES) + ", not " + name);
        };
    }

    /** The name the command line gives this form. */
    String name();

    /**
     * Whether the run's other reports (its confirmation, its lesson) may follow this form on the same
     * output: a form another program parses keeps that output to itself, and they go to the errors'.
     */
    default boolean sharesOutput() {
        return false;
    }

    /** A search starts. */
    default void started(TuningEvent.Started started, PrintWriter out) {}

    /** A config measured (or found recorded earlier: {@code resumed}), numbered as the project's list numbers it. */
    default void measured(TuningRecord record, int number, boolean resumed, PrintWriter out) {}

    /** The baseline measured (or found recorded earlier). */
    default void baseline(TuningRecord baseline, boolean resumed, PrintWriter out) {}

    /**
     * The results whole, once a run ends or as a record file holds them: the best and a table, the
     * vendor's verdict, or the file written (and a line saying so).
     *
     * @throws IOException when the form's file cannot be written
     * @throws IllegalArgumentException when the records do not fit the form (a file form needs every config to set every parameter)
     */
    void results(Results results, PrintWriter out) throws IOException;
}
