package org.tuningworkbench.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A project file's text for a test, written table by table: {@code set} writes a key of the table
 * opened last, quoting text and writing numbers, booleans and lists as TOML does. For a file whose
 * exact layout is the test's subject, write the text itself.
 */
public final class ProjectToml {
    private final StringBuilder text = new StringBuilder();
    private String name;

    private ProjectToml() {
    }

    /** A project of the {@code entry} function in {@code source}: its {@code [kernel]} table, open for more keys. */
    public static ProjectToml kernel(String source, String entry) {
        var toml = new ProjectToml();
        return toml.table("kernel").set("source", source).set("entry", entry);
    }

    /** The project's {@code name}, written first whatever the order of the calls. */
    public ProjectToml named(String value) {
        name = value;
        return this;
    }

    /** Opens {@code [table]}. */
    public ProjectToml table(String table) {
        text.append('[').append(table).append("]\n");
        return this;
    }

    /** {@code key = value} in the table opened last. */
    public ProjectToml set(String key, Object value) {
        text.append(key).append(" = ").append(value(value)).append('\n');
        return this;
    }

    /** {@code [sizes]} with one size. */
    public ProjectToml size(String size, long value) {
        return table("sizes").set(size, value);
    }

    /** An {@code [[args]]} entry: a scalar of C type {@code type} whose value is the expression {@code value}. */
    public ProjectToml scalar(String arg, String type, String value) {
        return entry("args").set("name", arg).set("scalar", type).set("value", value);
    }

    /** An {@code [[args]]} entry: an input buffer of {@code shape} ({@code f32[n]}) filled by {@code init}. */
    public ProjectToml input(String arg, String shape, String init) {
        return entry("args").set("name", arg).set("buffer", shape).set("init", init);
    }

    /** An {@code [[args]]} entry: an output buffer of {@code shape}, checked against the golden. */
    public ProjectToml output(String arg, String shape) {
        return entry("args").set("name", arg).set("buffer", shape).set("output", true);
    }

    /** The arguments of {@code scale(int n, const float *x, float *y)}: {@code n}, {@code x} at random in [-1, 1], the output {@code y}. */
    public ProjectToml scaleArgs() {
        return scalar("n", "int", "n").input("x", "f32[n]", "random(-1, 1)").output("y", "f32[n]");
    }

    /** {@code [golden]} by the reference function {@code function} of the kernel's file. */
    public ProjectToml goldenFunction(String function) {
        return table("golden").set("function", function);
    }

    /** A quick {@code [measure]}: no warm-up, {@code repeat} samples of at least 1 ms. */
    public ProjectToml quickMeasure(int repeat) {
        return table("measure").set("warmup_ms", 0).set("repeat", repeat).set("min_sample_ms", 1);
    }

    /** A {@code [[configs]]} entry with {@code values}, in their order. */
    public ProjectToml config(Map<String, String> values) {
        entry("configs");
        values.forEach(this::set);
        return this;
    }

    /** Opens an entry of the array of tables {@code [[array]]}. */
    public ProjectToml entry(String array) {
        text.append("[[").append(array).append("]]\n");
        return this;
    }

    public String text() {
        return (name == null ? "" : "name = " + value(name) + "\n") + text;
    }

    @Override
    public String toString() {
        return text();
    }

    /** Writes the text to {@code project.toml} in {@code dir}; returns that file. */
    public Path write(Path dir) throws IOException {
        return Files.writeString(dir.resolve("project.toml"), text());
    }

    private static String value(Object value) {
        if (value instanceof String s) return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        if (value instanceof List<?> list) return list.stream().map(ProjectToml::value).collect(Collectors.joining(", ", "[", "]"));
        return String.valueOf(value);
    }
}
