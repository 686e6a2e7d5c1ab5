package org.tuningworkbench.engine.exec;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a target sends back for one job (a probe, a build or a measurement): one file, so it can
 * travel over SSH or through a cluster's shared folder. Version 1 (docs/records.md, "Measurement
 * files") is a header line {@code tuning-workbench measurement 1}, then entries, each a line
 * {@code NAME BYTES}, that many bytes and a newline, then a line {@code end}. Lines before the
 * header (a login shell's greeting) are skipped; a file without its {@code end} was cut short.
 */
public record MeasurementFile(Map<String, byte[]> entries) {

    public static final String HEADER = "tuning-workbench measurement";
    public static final int VERSION = 1;

    /** The largest entry an array can hold: bigger ones are a damaged file, not outputs (those are bounded by the project). */
    static final long MAX_ENTRY_BYTES = Integer.MAX_VALUE - 8;

    /**
     * The largest answer read: a quarter of the memory this workbench may use, since the answer is held in
     * memory whole. A larger one (a runaway program's output) is refused before anything is read.
     */
    static long largestAnswer() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    public MeasurementFile {
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    /** Why a file cannot be read: cut short, damaged, too large, or of a version this workbench does not know. The trial is lost. */
    public static final class Damaged extends MeasurementLost {
        public Damaged(String message) {
            super(message);
        }
    }

    public Optional<byte[]> bytes(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    public Optional<String> text(String name) {
        return bytes(name).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    /** An entry the job always writes; its absence means the job's script is not this workbench's. */
    public String required(String name) throws Damaged {
        return text(name).orElseThrow(() -> new Damaged("the answer has no `" + name + "` entry"));
    }

    public static MeasurementFile read(Path file) throws IOException {
        long limit = largestAnswer();
        long size = Files.size(file);
        if (size > limit) throw new Damaged("the answer is " + size + " bytes, more than the " + limit + " this workbench reads (a quarter of its memory)");
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            return read(in, limit);
        }
    }

    public static MeasurementFile read(InputStream in) throws IOException {
        return read(in, largestAnswer());
    }

    /** Reads an answer whose entries hold at most {@code limit} bytes in all; each entry's size is checked before it is read. */
    public static MeasurementFile read(InputStream in, long limit) throws IOException {
        long left = limit;
        var before = new StringBuilder();
        String line;
        while (true) {
            line = readLine(in);
            if (line == null) {
                throw new Damaged(before.isEmpty() ? "the answer is empty" : "the answer has no `" + HEADER + "` line; it began: "
                        + before.toString().strip().lines().limit(3).reduce((a, b) -> a + " | " + b).orElse(""));
            }
            if (line.startsWith(HEADER + " ")) break;
            if (before.length() < 2000) before.append(line).append('\n');
        }
        String version = line.substring(HEADER.length() + 1).strip();
        if (!version.equals(Integer.toString(VERSION))) {
            throw new Damaged("the answer is of version " + version + "; this workbench reads version " + VERSION);
        }
        var entries = new LinkedHashMap<String, byte[]>();
        while (true) {
            line = readLine(in);
            if (line == null) throw new Damaged("the answer was cut short" + (entries.isEmpty() ? "" : " after its entry `" + lastKey(entries) + "`"));
            if (line.equals("end")) return new MeasurementFile(entries);
            int space = line.lastIndexOf(' ');
            long size;
            try {
                size = space > 0 ? Long.parseLong(line.substring(space + 1)) : -1;
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size < 0) throw new Damaged("the answer has a damaged entry line: " + abbreviate(line));
            if (size > Math.min(MAX_ENTRY_BYTES, left)) {
                throw new Damaged("the answer's entry `" + line.substring(0, space) + "` of " + size + " bytes is larger than "
                        + (size > MAX_ENTRY_BYTES ? "an entry can be (" + MAX_ENTRY_BYTES + " bytes)" : "the " + limit + " bytes an answer may hold in all"));
            }
            left -= size;
            byte[] data = in.readNBytes((int) size);
            if (data.length < size || in.read() != '\n') throw new Damaged("the answer was cut short in its entry `" + line.substring(0, space) + "`");
            entries.put(line.substring(0, space), data);
        }
    }

    private static String lastKey(Map<String, byte[]> entries) {
        return entries.keySet().stream().reduce((a, b) -> b).orElse("");
    }

    private static String abbreviate(String line) {
        return line.length() <= 80 ? line : line.substring(0, 80) + "…";
    }

    /** A line without its newline, as UTF-8; null at the end of the stream. Lines are capped, so a binary stream cannot exhaust memory. */
    private static String readLine(InputStream in) throws IOException {
        var out = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (out.size() < 64_000) out.write(b);
        }
        if (b == -1 && out.size() == 0) return null;
        return out.toString(StandardCharsets.UTF_8);
    }
}
