package org.tuningworkbench.engine.configs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.record.JsonMessages;

/**
 * Reads and writes lists of configs (parameter name to value, in column order) in the forms of
 * {@link ConfigFormat}, and reads rows pasted from a spreadsheet.
 */
public final class ConfigList {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ConfigList() {}

    public static List<Map<String, String>> read(String text, ConfigFormat format) throws ConfigFormatException {
        return readList(text, format).rows();
    }

    /**
     * A list with the settings that came with it: the vendor's {@code autotune(configs=[...], warmup=500,
     * repeat=10, device_ids=[0])} call, or a JSON object {@code {"configs": [...], "repeat": 10}}.
     */
    public static ImportedList readList(String text, ConfigFormat format) throws ConfigFormatException {
        return switch (format) {
            case VENDOR -> new VendorReader(text).readWithSettings();
            case JSON -> readJsonWithSettings(text);
            case CSV -> new ImportedList(readCsv(text), Map.of(), ImportedList.Units.PROJECT);
        };
    }

    /** Writes {@code rows}; {@code columns} fixes the order of the parameters (CSV header, map order). */
    public static String write(List<Map<String, String>> rows, List<String> columns, ConfigFormat format) {
        return switch (format) {
            case VENDOR -> writeVendor(rows, columns);
            case JSON -> writeJson(rows, columns);
            case CSV -> writeCsv(rows, columns);
        };
    }

    /** Every parameter that appears in {@code rows}, in order of first appearance. */
    public static List<String> columnsOf(List<Map<String, String>> rows) {
        var names = new LinkedHashSet<String>();
        rows.forEach(r -> names.addAll(r.keySet()));
        return List.copyOf(names);
    }

    /**
     * Rows copied from a spreadsheet: one per line, cells separated by tabs. When the first line is a
     * header naming parameters, cells go to those; otherwise to {@code columns} in order.
     */
    public static List<Map<String, String>> readTabSeparated(String text, List<String> columns) throws ConfigFormatException {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) return List.of();
        List<String> header = List.of(lines.getFirst().split("\t", -1)).stream().map(String::strip).toList();
        boolean hasHeader = !header.isEmpty() && columns.containsAll(header);
        List<String> names = hasHeader ? header : columns;
        var rows = new ArrayList<Map<String, String>>();
        for (int i = hasHeader ? 1 : 0; i < lines.size(); i++) {
            String[] cells = lines.get(i).split("\t", -1);
            if (cells.length > names.size()) {
                throw new ConfigFormatException("line " + (i + 1) + " has " + cells.length + " cells, but there are only "
                        + names.size() + " parameters (" + String.join(", ", names) + ")");
            }
            var row = new LinkedHashMap<String, String>();
            for (int c = 0; c < cells.length; c++) row.put(names.get(c), cells[c].strip());
            rows.add(row);
        }
        return rows;
    }

    // --- JSON ---

    private static ImportedList readJsonWithSettings(String text) throws ConfigFormatException {
        JsonNode root = parseJson(text);
        if (root != null && root.isObject() && root.has("configs")) {
            var settings = new LinkedHashMap<String, String>();
            for (var it = root.fields(); it.hasNext(); ) {
                var field = it.next();
                if (!field.getKey().equals("configs")) settings.put(field.getKey(), field.getValue().isValueNode() ? field.getValue().asText() : field.getValue().toString());
            }
            return new ImportedList(readJson(root.get("configs")), settings, ImportedList.Units.PROJECT);
        }
        return new ImportedList(readJson(root), Map.of(), ImportedList.Units.PROJECT);
    }

    private static JsonNode parseJson(String text) throws ConfigFormatException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new ConfigFormatException("not JSON" + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                    + ": " + JsonMessages.of(e));
        }
    }

    private static List<Map<String, String>> readJson(JsonNode root) throws ConfigFormatException {
        if (root == null || !root.isArray()) {
            throw new ConfigFormatException("expected a JSON array of objects, like [{\"BM\": \"64\"}], or {\"configs\": [...]}");
        }
        return readJsonArray(root);
    }

    private static List<Map<String, String>> readJson(String text) throws ConfigFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new ConfigFormatException("not JSON" + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                    + ": " + JsonMessages.of(e));
        }
        return readJson(root);
    }

    private static List<Map<String, String>> readJsonArray(JsonNode root) throws ConfigFormatException {
        var rows = new ArrayList<Map<String, String>>();
        for (int i = 0; i < root.size(); i++) {
            JsonNode item = root.get(i);
            if (!item.isObject()) throw new ConfigFormatException("item " + (i + 1) + " is not an object of parameter: value");
            var row = new LinkedHashMap<String, String>();
            for (var it = item.fields(); it.hasNext(); ) {
                var field = it.next();
                JsonNode v = field.getValue();
                if (v.isContainerNode() || v.isNull()) {
                    throw new ConfigFormatException("item " + (i + 1) + ": the value of `" + field.getKey() + "` must be text or a number");
                }
                row.put(field.getKey(), v.asText());
            }
            rows.add(row);
        }
        return rows;
    }

    private static String writeJson(List<Map<String, String>> rows, List<String> columns) {
        ArrayNode array = JSON.createArrayNode();
        for (var row : rows) {
            ObjectNode object = array.addObject();
            for (String c : columns) if (row.containsKey(c)) object.put(c, row.get(c));
        }
        try {
            return JSON.writeValueAsString(array) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- CSV (RFC 4180) ---

    private static List<Map<String, String>> readCsv(String text) throws ConfigFormatException {
        List<List<String>> records = new CsvReader(text).records();
        if (records.isEmpty()) return List.of();
        List<String> header = records.getFirst().stream().map(String::strip).toList();
        if (header.stream().anyMatch(String::isEmpty)) throw new ConfigFormatException("line 1: every column of the header needs a parameter name");
        var rows = new ArrayList<Map<String, String>>();
        for (int i = 1; i < records.size(); i++) {
            List<String> cells = records.get(i);
            if (cells.size() == 1 && cells.getFirst().isBlank()) continue;
            if (cells.size() != header.size()) {
                throw new ConfigFormatException("record " + (i + 1) + " has " + cells.size() + " cells, the header has " + header.size());
            }
            var row = new LinkedHashMap<String, String>();
            for (int c = 0; c < cells.size(); c++) if (!cells.get(c).isEmpty()) row.put(header.get(c), cells.get(c));
            rows.add(row);
        }
        return rows;
    }

    private static String writeCsv(List<Map<String, String>> rows, List<String> columns) {
        var out = new StringBuilder();
        out.append(String.join(",", columns.stream().map(ConfigList::csvCell).toList())).append('\n');
        for (var row : rows) {
            out.append(String.join(",", columns.stream().map(c -> csvCell(row.getOrDefault(c, ""))).toList())).append('\n');
        }
        return out.toString();
    }

    private static String csvCell(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }

    private static final class CsvReader {
        private final String text;
        private int pos;

        CsvReader(String text) {
            this.text = text.startsWith("\uFEFF") ? text.substring(1) : text;
        }

        List<List<String>> records() throws ConfigFormatException {
            var records = new ArrayList<List<String>>();
            var record = new ArrayList<String>();
            var cell = new StringBuilder();
            boolean quoted = false;
            boolean any = false;
            while (pos < text.length()) {
                char ch = text.charAt(pos++);
                any = true;
                if (quoted) {
                    if (ch == '"') {
                        if (pos < text.length() && text.charAt(pos) == '"') {
                            cell.append('"');
                            pos++;
                        } else {
                            quoted = false;
                        }
                    } else {
                        cell.append(ch);
                    }
                } else if (ch == '"' && cell.isEmpty()) {
                    quoted = true;
                } else if (ch == ',') {
                    record.add(cell.toString());
                    cell.setLength(0);
                } else if (ch == '\n' || ch == '\r') {
                    if (ch == '\r' && pos < text.length() && text.charAt(pos) == '\n') pos++;
                    record.add(cell.toString());
                    cell.setLength(0);
                    records.add(record);
                    record = new ArrayList<>();
                    any = false;
                } else {
                    cell.append(ch);
                }
            }
            if (quoted) throw new ConfigFormatException("a quoted cell is not closed (record " + (records.size() + 1) + ")");
            if (any) {
                record.add(cell.toString());
                records.add(record);
            }
            return records;
        }
    }

    // --- the vendor's list of maps (a Python literal) ---

    private static String writeVendor(List<Map<String, String>> rows, List<String> columns) {
        var out = new StringBuilder("[");
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            if (i > 0) out.append(",\n ");
            out.append('{');
            boolean first = true;
            for (String c : columns) {
                if (!row.containsKey(c)) continue;
                if (!first) out.append(", ");
                first = false;
                out.append(pythonString(c)).append(": ").append(pythonString(row.get(c)));
            }
            out.append('}');
        }
        return out.append("]\n").toString();
    }

    private static String pythonString(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
    }

    /** A small reader of {@code [{'key': 'value', 'n': 64}, ...]}, with single or double quotes. */
    private static final class VendorReader {
        private final String text;
        private int pos;

        VendorReader(String text) {
            this.text = text;
        }

        /**
         * The list, and the keyword arguments of the call it stands in, when it was copied with it:
         * {@code @mskpp.autotune(configs=[...], warmup=500, repeat=10, device_ids=[0])}.
         */
        ImportedList readWithSettings() throws ConfigFormatException {
            var settings = new LinkedHashMap<String, String>();
            skipSpace();
            int listStart = text.indexOf('[');
            int open = listStart < 0 ? -1 : text.lastIndexOf('(', listStart);
            if (open >= 0) {
                // Keyword arguments before the list: `autotune(warmup=500, configs=[`.
                for (String part : text.substring(open + 1, listStart).split(",")) {
                    int eq = part.indexOf('=');
                    if (eq > 0 && !part.substring(0, eq).strip().equals("configs")) settings.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
                }
            }
            List<Map<String, String>> rows = read();
            if (open >= 0) keywordArguments(settings);
            return new ImportedList(rows, settings, ImportedList.Units.VENDOR);
        }

        /** {@code , warmup=500, repeat=10, device_ids=[0])} after the list. */
        private void keywordArguments(Map<String, String> settings) throws ConfigFormatException {
            while (true) {
                skipSpace();
                if (pos >= text.length() || peek() == ')') return;
                if (peek() == ',') { pos++; continue; }
                int start = pos;
                while (pos < text.length() && (Character.isLetterOrDigit(peek()) || peek() == '_')) pos++;
                String key = text.substring(start, pos);
                if (key.isEmpty()) throw error("expected `name=value` or `)` after the list");
                skipSpace();
                expect('=');
                skipSpace();
                int valueStart = pos;
                int depth = 0;
                while (pos < text.length()) {
                    char c = peek();
                    if (c == '[' || c == '(' || c == '{') depth++;
                    else if (c == ']' || c == '}' || (c == ')' && depth > 0)) depth--;
                    else if ((c == ',' || c == ')') && depth == 0) break;
                    pos++;
                }
                settings.put(key, text.substring(valueStart, pos).strip());
            }
        }

        List<Map<String, String>> read() throws ConfigFormatException {
            var rows = new ArrayList<Map<String, String>>();
            skipSpace();
            int assign = text.indexOf('=');
            int paren = text.indexOf('(');
            if (peek() != '[' && ((assign >= 0 && assign < text.indexOf('[')) || (paren >= 0 && paren < text.indexOf('[')))) {
                pos = text.indexOf('[');  // tolerate `configs = [...]` or `autotune(configs=[...])` as copied from a script
            }
            expect('[');
            skipSpace();
            if (peek() == ']') return rows;
            while (true) {
                rows.add(map());
                skipSpace();
                char c = next();
                if (c == ']') break;
                if (c != ',') throw error("expected `,` or `]` after a map");
                skipSpace();
                if (peek() == ']') { pos++; break; }
            }
            return rows;
        }

        private Map<String, String> map() throws ConfigFormatException {
            skipSpace();
            expect('{');
            var row = new LinkedHashMap<String, String>();
            skipSpace();
            if (peek() == '}') { pos++; return row; }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                skipSpace();
                String value = peek() == '\'' || peek() == '"' ? string() : bare();
                row.put(key, value);
                skipSpace();
                char c = next();
                if (c == '}') return row;
                if (c != ',') throw error("expected `,` or `}` after the value of `" + key + "`");
                skipSpace();
                if (peek() == '}') { pos++; return row; }
            }
        }

        private String string() throws ConfigFormatException {
            char quote = next();
            if (quote != '\'' && quote != '"') throw error("expected a quoted name");
            var out = new StringBuilder();
            while (true) {
                if (pos >= text.length()) throw error("a quoted text is not closed");
                char c = next();
                if (c == quote) return out.toString();
                if (c == '\\' && pos < text.length()) {
                    char e = next();
                    out.append(switch (e) { case 'n' -> '\n'; case 't' -> '\t'; default -> e; });
                } else {
                    out.append(c);
                }
            }
        }

        private String bare() throws ConfigFormatException {
            int start = pos;
            while (pos < text.length() && ",}\n".indexOf(text.charAt(pos)) < 0) pos++;
            String value = text.substring(start, pos).strip();
            if (value.isEmpty()) throw error("expected a value");
            return value;
        }

        private void expect(char c) throws ConfigFormatException {
            if (pos >= text.length() || text.charAt(pos) != c) throw error("expected `" + c + "`");
            pos++;
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private char next() throws ConfigFormatException {
            if (pos >= text.length()) throw error("the text ends too soon");
            return text.charAt(pos++);
        }

        private void skipSpace() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == '#') {
                    while (pos < text.length() && text.charAt(pos) != '\n') pos++;
                } else if (Character.isWhitespace(c)) {
                    pos++;
                } else {
                    break;
                }
            }
        }

        private ConfigFormatException error(String message) {
            int line = 1;
            int column = 1;
            for (int i = 0; i < Math.min(pos, text.length()); i++) {
                if (text.charAt(i) == '\n') { line++; column = 1; } else column++;
            }
            return new ConfigFormatException("line " + line + ", column " + column + ": " + message);
        }
    }
}
