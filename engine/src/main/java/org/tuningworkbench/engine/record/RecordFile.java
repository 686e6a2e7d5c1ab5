package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON Lines file of records. Each record is appended as one line and flushed to the operating
 * system before {@link #append} returns, so a killed tuner loses nothing it had measured. A line cut
 * short by such a kill is skipped when the file is read again, and never glued to the next record.
 */
public final class RecordFile implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper()
            .disable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path path;
    private final List<TuningRecord> records;
    private final Map<RecordKey, TuningRecord> byKey = new LinkedHashMap<>();
    private final List<String> skippedLines;
    private OutputStream out;

    private RecordFile(Path path, List<TuningRecord> records, List<String> skippedLines) {
        this.path = path;
        this.records = records;
        this.skippedLines = skippedLines;
        records.forEach(r -> byKey.put(r.key(), r));
    }

    /** Opens a record file to read and append to; it is created when missing. */
    public static RecordFile open(Path path) throws IOException {
        var records = new ArrayList<TuningRecord>();
        var skipped = new ArrayList<String>();
        if (Files.exists(path)) {
            // Decoded leniently: one stray byte must not hide every other record.
            String text = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)
                    .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(path))).toString();
            List<String> lines = text.lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank()) continue;
                try {
                    records.add(parse(line));
                } catch (JsonProcessingException e) {
                    skipped.add(path + ":" + (i + 1) + ": not a record (" + e.getOriginalMessage() + ")");
                } catch (IllegalArgumentException e) {
                    skipped.add(path + ":" + (i + 1) + ": not a record (" + e.getMessage() + ")");
                }
            }
        }
        return new RecordFile(path, records, skipped);
    }

    /** One line as a record, of schema 2 or (converted) schema 1. */
    static TuningRecord parse(String line) throws JsonProcessingException {
        JsonNode node = JSON.readTree(line);
        if (node == null || !node.isObject()) throw new IllegalArgumentException("not a JSON object");
        TuningRecord record = node.path("schema").asInt(1) < 2
                ? JSON.treeToValue(node, RecordV1.class).toRecord()
                : JSON.treeToValue(node, TuningRecord.class);
        if (!node.path("outcome").isObject() && !node.hasNonNull("status") || record.status() == null) {
            throw new IllegalArgumentException("it has no status");
        }
        if (record.config().containsValue(null)) throw new IllegalArgumentException("a config value is null");
        if (record.ok() && record.medianUs() == null) throw new IllegalArgumentException("it is ok but has no median");
        return record;
    }

    /** Reads a record file without opening it for appending. */
    public static List<TuningRecord> read(Path path) throws IOException {
        try (RecordFile file = open(path)) {
            return file.records();
        }
    }

    public Path path() {
        return path;
    }

    public synchronized List<TuningRecord> records() {
        return List.copyOf(records);
    }

    /** Lines that could not be read (a line cut short when a tuner was killed, or foreign text). */
    public List<String> skippedLines() {
        return List.copyOf(skippedLines);
    }

    public synchronized Optional<TuningRecord> find(RecordKey key) {
        return Optional.ofNullable(byKey.get(key));
    }

    public synchronized void append(TuningRecord record) throws IOException {
        if (out == null) {
            if (path.toAbsolutePath().getParent() != null) Files.createDirectories(path.toAbsolutePath().getParent());
            boolean needsNewline = Files.exists(path) && Files.size(path) > 0 && !endsWithNewline(path);
            out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (needsNewline) out.write('\n');
        }
        out.write((JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        records.add(record);
        byKey.put(record.key(), record);
    }

    private static boolean endsWithNewline(Path path) throws IOException {
        try (var channel = java.nio.channels.FileChannel.open(path, StandardOpenOption.READ)) {
            var last = java.nio.ByteBuffer.allocate(1);
            channel.read(last, channel.size() - 1);
            return last.get(0) == '\n';
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (out != null) out.close();
        out = null;
    }
}
