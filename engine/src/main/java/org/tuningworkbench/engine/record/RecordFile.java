package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.lock.PidLock;

/**
 * A JSON Lines file of records. Each record is appended as one line and flushed to the operating
 * system before {@link #append} returns, so a killed tuner loses nothing it had measured. A line cut
 * short by such a kill is skipped when the file is read again, and never glued to the next record.
 * Only a plain file that holds records (or nothing) is appended to, by one run at a time.
 */
public final class RecordFile implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper()
            .disable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Writes a record as a line's bytes into a stream that stays open for the next one. */
    private static final com.fasterxml.jackson.databind.ObjectWriter LINE = JSON.writerFor(TuningRecord.class)
            .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private final Path path;
    private final List<TuningRecord> records;
    private final Map<RecordKey, TuningRecord> byKey = new LinkedHashMap<>();
    private final List<String> skippedLines;
    private OutputStream out;
    /** The line being written. */
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(2048);
    private PidLock lock;
    private boolean foreign;
    private boolean readOnly;

    private RecordFile(Path path, List<TuningRecord> records, List<String> skippedLines) {
        this.path = path;
        this.records = records;
        this.skippedLines = skippedLines;
        records.forEach(r -> byKey.put(r.key(), r));
    }

    /**
     * Opens a record file to read and append to; it is created when missing. The file is locked for
     * as long as it is open (through {@code NAME.lock} beside it), so a second run on the same
     * records refuses instead of measuring the same configs again.
     *
     * @throws RecordFileException when the path is a symbolic link, not a regular file, or a
     *                             non-empty file none of whose lines is a record ({@code --records kernel.c}),
     *                             or when another run is writing it
     */
    public static RecordFile open(Path path) throws IOException {
        refuseUnlessPlainFile(path);
        Path lockFile = path.resolveSibling(path.getFileName() + ".lock");
        PidLock lock = PidLock.tryAcquire(lockFile).orElseThrow(() -> new RecordFileException(RecordFileException.Reason.BUSY,
                path + " is being written by another tuning run (" + PidLock.describeHolder(lockFile) + "); wait for it to end or choose other --records"));
        try {
            RecordFile file = load(path);
            file.lock = lock;
            if (file.notRecords()) {
                throw new RecordFileException(RecordFileException.Reason.REFUSED, NOT_RECORDS.formatted(path) + "; refusing to append to it: choose another --records");
            }
            return file;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static final String NOT_RECORDS = "%s is not a record file (none of its lines is a record)";

    /** Lines but no record among them, and some that a run cut short could not have left: a kernel's source, say. */
    private boolean notRecords() {
        return records.isEmpty() && foreign;
    }

    /** A record file is a regular file reached without a symbolic link: the tuner appends only to what it owns. */
    private static void refuseUnlessPlainFile(Path path) throws RecordFileException {
        if (Files.isSymbolicLink(path)) {
            throw new RecordFileException(RecordFileException.Reason.REFUSED, path + " is a symbolic link; refusing to follow it "
                    + "(records are appended only to a plain file): give the file itself as --records");
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new RecordFileException(RecordFileException.Reason.REFUSED, path + " is not a regular file; a record file must be one");
        }
    }

    private static RecordFile load(Path path) throws IOException {
        var records = new ArrayList<TuningRecord>();
        var skipped = new ArrayList<String>();
        boolean foreign = Files.isRegularFile(path) && read(path, (line, record) -> records.add(record), skipped::add);
        RecordFile file = new RecordFile(path, records, skipped);
        file.foreign = foreign;
        return file;
    }

    /** What {@link #read(Path, Each, java.util.function.Consumer)} hands over: each record with its line's index (0-based). */
    @FunctionalInterface
    public interface Each {
        void record(int line, TuningRecord record) throws IOException;
    }

    /**
     * Reads a record file a line at a time, holding one line at once (a file of a million records is
     * never in memory whole): each record goes to {@code each}, each line that is not one to
     * {@code skipped} with its place and why. Decoded leniently: one stray byte must not hide every
     * other record.
     *
     * @return whether some line is not even a record cut short (source code, binary data)
     */
    public static boolean read(Path path, Each each, java.util.function.Consumer<String> skipped) throws IOException {
        var decoder = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE);
        boolean foreign = false;
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(Files.newInputStream(path), decoder), 1 << 16)) {
            int i = -1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                i++;
                if (line.isBlank()) continue;
                TuningRecord record = null;
                try {
                    record = parse(line);
                } catch (JsonProcessingException e) {
                    skipped.accept(path + ":" + (i + 1) + ": not a record (" + JsonMessages.of(e) + ")");
                } catch (IllegalArgumentException e) {
                    skipped.accept(path + ":" + (i + 1) + ": not a record (" + e.getMessage() + ")");
                }
                // A line a killed run cut short still starts as a record does; source code or binary data does not.
                if (!line.stripLeading().startsWith("{")) foreign = true;
                if (record != null) each.record(i, record);
            }
        }
        return foreign;
    }

    /** An ok record's times must be times: positive and finite (a zero, negative, NaN or infinite one would rank best, or nowhere). */
    private static void requireTimes(TuningRecord record) {
        var s = record.statistics();
        if (!isTime(s.medianUs())) throw new IllegalArgumentException("its median " + s.medianUs() + " µs is not a time (times are positive and finite)");
        if (!isTime(s.minUs()) || !isTime(s.maxUs()) || !isTime(s.meanUs())) {
            throw new IllegalArgumentException("its min, max or mean (" + s.minUs() + ", " + s.maxUs() + ", " + s.meanUs() + " µs) is not a time");
        }
        for (Double sample : record.samplesUs()) {
            if (sample == null || !isTime(sample)) throw new IllegalArgumentException("its sample " + sample + " µs is not a time (times are positive and finite)");
        }
    }

    private static boolean isTime(double us) {
        return us > 0 && Double.isFinite(us);
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
        // Not containsValue(null): an immutable map (a converted schema 1 record's) throws on that question.
        if (record.config().values().stream().anyMatch(java.util.Objects::isNull)) throw new IllegalArgumentException("a config value is null");
        if (record.ok() && record.medianUs() == null) throw new IllegalArgumentException("it is ok but has no median");
        if (record.ok()) requireTimes(record);
        if (record.confirmation() != null) {
            if (!record.ok() || record.baseline() != null) throw new IllegalArgumentException("only a config's successful record can be confirmed");
            String problem = record.confirmation().problem();
            if (problem != null) throw new IllegalArgumentException(problem);
        }
        return record;
    }

    /**
     * A record file's records and skipped lines as they are now, for reading only (no lock is taken:
     * a run may be writing it); {@link #append} refuses.
     *
     * @throws RecordFileException when none of the file's lines is a record and some are not even cut-short records
     */
    public static RecordFile snapshot(Path path) throws IOException {
        RecordFile file = load(path);
        if (file.notRecords()) throw new RecordFileException(RecordFileException.Reason.REFUSED, NOT_RECORDS.formatted(path));
        file.readOnly = true;
        return file;
    }

    /** Reads a record file without opening it for appending (and without its lock: a run may be writing it). */
    public static List<TuningRecord> read(Path path) throws IOException {
        return load(path).records();
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
        if (readOnly) throw new IllegalStateException(path + " was opened for reading only");
        if (out == null) {
            if (path.toAbsolutePath().getParent() != null) Files.createDirectories(path.toAbsolutePath().getParent());
            boolean needsNewline = Files.exists(path) && Files.size(path) > 0 && !endsWithNewline(path);
            out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
            if (needsNewline) out.write('\n');
        }
        // The whole line is made first, in bytes kept from one record to the next (no string, nor its copies,
        // for each of a replay's thousands of records): a record that fails to serialise writes nothing.
        line.reset();
        LINE.writeValue(line, record);
        line.write('\n');
        line.writeTo(out);
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
        try {
            if (out != null) out.close();
            out = null;
        } finally {
            if (lock != null) lock.close();
            lock = null;
        }
    }
}
