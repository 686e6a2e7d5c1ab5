package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.tuningworkbench.engine.record.JsonMessages;

/**
 * The JSON text of a recorded space, plain or gzip-compressed (told apart by the gzip magic bytes,
 * whatever the file is called), read one token at a time so a large file is never held whole. Every
 * failure, of the file, the compression or the JSON, becomes a {@link RecordedSpaceException} at the
 * place it happened.
 */
final class JsonInput implements AutoCloseable {

    /** Repeated keys in one object are an error, not a silent overwrite; numbers (most of a file) parse fast. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION, StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();

    private final Path file;
    private final JsonParser parser;

    private JsonInput(Path file, JsonParser parser) {
        this.file = file;
        this.parser = parser;
    }

    static JsonInput open(Path file) throws RecordedSpaceException {
        InputStream in = null;
        // Opening a pipe waits for a writer, perhaps for ever; a device may never end.
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new RecordedSpaceException(file, "it is " + (Files.isDirectory(file) ? "a folder" : "a pipe, device or socket") + ", not a file");
        }
        try {
            in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            in.mark(2);
            int first = in.read();
            int second = in.read();
            in.reset();
            if (first == 0x1f && second == 0x8b) in = new GZIPInputStream(in, 1 << 16);
            return new JsonInput(file, MAPPER.createParser(in));
        } catch (NoSuchFileException e) {
            throw new RecordedSpaceException(file, "there is no such file");
        } catch (IOException e) {
            closeQuietly(in);
            throw new RecordedSpaceException(file, 0, 0, problem(e), e);
        }
    }

    Path file() {
        return file;
    }

    /** The next token; null at the end of the text. */
    JsonToken next() throws RecordedSpaceException {
        try {
            return parser.nextToken();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /**
     * The next token, or null where the text ends early: Kernel Tuner writes its cache as it goes, and
     * a run it did not finish leaves the file without its closing brackets.
     */
    JsonToken nextOrEnd() throws RecordedSpaceException {
        try {
            return parser.nextToken();
        } catch (IOException e) {
            if (endedEarly(e)) return null;
            throw failure(e);
        }
    }

    /** Whether {@code e} says the text ended before the JSON did (Jackson says so with either of two exceptions). */
    static boolean endedEarly(Throwable e) {
        return e instanceof JsonEOFException || e instanceof StreamReadException s && s.getOriginalMessage() != null
                && s.getOriginalMessage().startsWith("Unexpected end-of-input");
    }

    /** The first token, which must open an object: the top level of both formats. */
    void startTopLevel(String expected) throws RecordedSpaceException {
        JsonToken first = next();
        if (first == null) throw error("the file is empty; " + expected);
        if (first != JsonToken.START_OBJECT) throw error("the text is not a JSON object; " + expected);
    }

    /** The name of the field at hand (the parser is on a FIELD_NAME). */
    String fieldName() throws RecordedSpaceException {
        try {
            return parser.currentName();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** The value at hand, whole, as a tree: for the small parts (one config, one result, the metadata). */
    JsonNode tree() throws RecordedSpaceException {
        try {
            return parser.readValueAsTree();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** Skips the value at hand, and its children. */
    void skip() throws RecordedSpaceException {
        try {
            parser.skipChildren();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    JsonToken token() {
        return parser.currentToken();
    }

    /** Where the token at hand starts. */
    JsonLocation location() {
        return parser.currentTokenLocation();
    }

    RecordedSpaceException error(String problem) {
        return error(location(), problem);
    }

    RecordedSpaceException error(JsonLocation at, String problem) {
        return new RecordedSpaceException(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(), problem, null);
    }

    private RecordedSpaceException failure(IOException e) {
        JsonLocation at = e instanceof StreamReadException s && s.getLocation() != null ? s.getLocation() : parser.currentLocation();
        return new RecordedSpaceException(file, at.getLineNr(), at.getColumnNr(), problem(e), e);
    }

    private static String problem(IOException e) {
        if (e instanceof JsonEOFException j) return "the JSON ends too early; is the file cut short? (" + JsonMessages.of(j) + ")";
        if (e instanceof StreamReadException s) return "not valid JSON: " + JsonMessages.of(s);
        if (e instanceof ZipException || e instanceof EOFException) {
            return "the gzip data is damaged or cut short (" + e.getMessage() + ")";
        }
        return "cannot read the file: " + e.getMessage();
    }

    /** A JSON scalar as a Java value ({@link Long}, {@link Double}, other {@link Number}, {@link String}, {@link Boolean}); null otherwise. */
    static Object scalar(JsonNode node) {
        if (node == null) return null;
        if (node.isIntegralNumber()) return node.canConvertToLong() ? (Object) node.longValue() : node.numberValue();
        if (node.isNumber()) return node.doubleValue();
        if (node.isTextual()) return node.textValue();
        if (node.isBoolean()) return node.booleanValue();
        return null;
    }

    /** What a value means, as a key: 1, 1.0 and 1e0 are the same number; "1" is text. */
    static String identity(Object value) {
        if (value instanceof Double d && (d.isNaN() || d.isInfinite())) return "n" + d;
        if (value instanceof Number n) return "n" + new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
        return (value instanceof String ? "s" : "b") + value;
    }

    /** {@code a string}, {@code an array}: what a node is, for messages. */
    static String kind(JsonNode node) {
        if (node == null || node.isMissingNode()) return "missing";
        if (node.isNull()) return "null";
        if (node.isNumber()) return "a number";
        if (node.isTextual()) return "a string";
        if (node.isBoolean()) return "a boolean";
        if (node.isArray()) return "a list";
        return "an object";
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException e) {
            // Only read from: nothing is lost.
        }
    }

    private static void closeQuietly(InputStream in) {
        if (in == null) return;
        try {
            in.close();
        } catch (IOException e) {
            // Only read from: nothing is lost.
        }
    }
}
