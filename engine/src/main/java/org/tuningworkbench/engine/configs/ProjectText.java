package org.tuningworkbench.engine.configs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.tuningworkbench.engine.project.MeasureSettings;

/**
 * Writes edits back into a project file's text, keeping everything else as the person wrote it:
 * the {@code [[configs]]} list and the keys of {@code [measure]}.
 */
public final class ProjectText {

    private static final Pattern HEADER = Pattern.compile("^\\s*\\[.*");
    private static final Pattern CONFIGS_HEADER = Pattern.compile("^\\s*\\[\\[\\s*configs\\s*]]\\s*(#.*)?$");
    private static final Pattern MEASURE_HEADER = Pattern.compile("^\\s*\\[\\s*measure\\s*]\\s*(#.*)?$");
    private static final Pattern BARE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

    private ProjectText() {}

    /** {@code text} with its {@code [[configs]]} replaced by {@code configs}, where the first of them stood (or at the end). */
    public static String withConfigs(String text, List<Map<String, String>> configs) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        int insertAt = -1;
        for (int i = 0; i < lines.size(); ) {
            if (CONFIGS_HEADER.matcher(lines.get(i)).matches()) {
                int end = sectionEnd(lines, i);
                while (end > i + 1 && lines.get(end - 1).isBlank()) end--;
                if (insertAt < 0) insertAt = i;
                lines.subList(i, end).clear();
                while (i < lines.size() && lines.get(i).isBlank() && i > 0 && lines.get(i - 1).isBlank()) lines.remove(i);
            } else {
                i++;
            }
        }
        var block = new ArrayList<String>();
        for (int c = 0; c < configs.size(); c++) {
            if (c > 0) block.add("");
            block.add("[[configs]]");
            configs.get(c).forEach((k, v) -> block.add(key(k) + " = " + string(v)));
        }
        if (insertAt < 0) {
            while (!lines.isEmpty() && lines.getLast().isBlank()) lines.removeLast();
            if (!block.isEmpty()) {
                lines.add("");
                lines.addAll(block);
            }
        } else {
            if (block.isEmpty() && insertAt < lines.size() && lines.get(insertAt).isBlank()) lines.remove(insertAt);
            lines.addAll(insertAt, block);
        }
        while (!lines.isEmpty() && lines.getLast().isBlank()) lines.removeLast();
        return String.join("\n", lines) + "\n";
    }

    /** {@code text} with the keys of {@code [measure]} set to {@code measure}; other keys and comments stay. */
    public static String withMeasure(String text, MeasureSettings measure) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        var values = new java.util.LinkedHashMap<String, String>();
        // One form of the warm-up: a number of calls (warmup) or a time (warmup_ms); the others go.
        String warmupKey = measure.warmupCalls() > 0 ? "warmup" : "warmup_ms";
        values.put(warmupKey, measure.warmupCalls() > 0 ? Integer.toString(measure.warmupCalls()) : number(measure.warmupMs()));
        var otherWarmups = new java.util.ArrayList<>(List.of("warmup", "warmup_us", "warmup_ms"));
        otherWarmups.remove(warmupKey);
        values.put("repeat", Integer.toString(measure.repeat()));
        values.put("min_sample_ms", number(measure.minSampleMs()));
        values.put("timeout_s", number(measure.runTimeout().toMillis() / 1000.0));
        // Racing is on unless the project says otherwise: the key is written when it is off or already there.
        values.put("racing", Boolean.toString(measure.racing().enabled()));
        int header = -1;
        for (int i = 0; i < lines.size(); i++) if (MEASURE_HEADER.matcher(lines.get(i)).matches()) { header = i; break; }
        if (header < 0) {
            int at = lines.size();
            for (int i = 0; i < lines.size(); i++) if (CONFIGS_HEADER.matcher(lines.get(i)).matches()) { at = i; break; }
            var block = new ArrayList<String>();
            block.add("[measure]");
            if (measure.racing().enabled()) values.remove("racing");
            values.forEach((k, v) -> block.add(k + " = " + v));
            block.add("");
            if (at > 0 && !lines.get(at - 1).isBlank()) block.addFirst("");
            lines.addAll(at, block);
            return String.join("\n", lines).stripTrailing() + "\n";
        }
        int end = sectionEnd(lines, header);
        for (int i = header + 1; i < end; i++) {
            String line = lines.get(i);
            if (otherWarmups.stream().anyMatch(k -> line.matches("\\s*" + k + "\\s*=.*"))) {
                lines.remove(i--);
                end--;
            }
        }
        int lastKey = header;
        for (int i = header + 1; i < end; i++) {
            String line = lines.get(i);
            for (var e : values.entrySet()) {
                if (line.matches("\\s*" + e.getKey() + "\\s*=.*")) {
                    lines.set(i, e.getKey() + " = " + e.getValue());
                    e.setValue(null);
                }
            }
            if (!line.isBlank()) lastKey = i;
        }
        if (measure.racing().enabled()) values.put("racing", null);
        int at = lastKey + 1;
        for (var e : values.entrySet()) if (e.getValue() != null) lines.add(at++, e.getKey() + " = " + e.getValue());
        return String.join("\n", lines).stripTrailing() + "\n";
    }

    private static int sectionEnd(List<String> lines, int header) {
        int end = header + 1;
        while (end < lines.size() && !HEADER.matcher(lines.get(end)).matches()) end++;
        // Comments right before the next header belong to it.
        while (end > header + 1 && lines.get(end - 1).strip().startsWith("#")) end--;
        return end;
    }

    static String key(String name) {
        return BARE_KEY.matcher(name).matches() ? name : string(name);
    }

    /** A TOML basic string. */
    static String string(String value) {
        var out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.append('"').toString();
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
