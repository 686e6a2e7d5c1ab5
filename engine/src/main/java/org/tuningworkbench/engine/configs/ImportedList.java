package org.tuningworkbench.engine.configs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tuningworkbench.engine.project.MeasureSettings;

/**
 * A config list as imported, with the settings that came with it: the keyword arguments of the
 * vendor's {@code autotune(configs=[...], warmup=500, repeat=10, device_ids=[0])}, or the other keys
 * of a JSON {@code {"configs": [...], "repeat": 10}}. The settings a run understands (the warm-up
 * and {@code repeat}) are kept; every other key is named as ignored, never dropped in silence.
 *
 * @param settings key to value text, as written
 * @param units    how the keys are read: the vendor's ({@code warmup} in microseconds as its
 *                 {@code autotune} documents it, {@code warmup_times} in calls as its
 *                 {@code autotune_v2} does) or the project file's ({@code warmup} in calls,
 *                 {@code warmup_us}, {@code warmup_ms})
 */
public record ImportedList(List<Map<String, String>> rows, Map<String, String> settings, Units units) {

    public enum Units { VENDOR, PROJECT }

    public ImportedList {
        rows = List.copyOf(rows);
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** {@code measure} with the list's warm-up and repeat, where it gives them. */
    public MeasureSettings applyTo(MeasureSettings measure) {
        for (var e : settings.entrySet()) {
            Double value = number(e.getValue());
            if (value == null || value < 0) continue;
            measure = switch (meaning(e.getKey())) {
                case WARMUP_CALLS -> measure.withWarmupCalls((int) Math.min(Integer.MAX_VALUE, Math.round(value)));
                case WARMUP_US -> measure.withWarmupMs(value / 1000);
                case WARMUP_MS -> measure.withWarmupMs(value);
                case REPEAT -> value >= 1 ? measure.withRepeat((int) Math.min(1_000_000, Math.round(value))) : measure;
                case NONE -> measure;
            };
        }
        return measure;
    }

    /** The settings kept, as people read them: {@code warm-up 500 µs (warmup=500)}. */
    public List<String> kept() {
        var out = new ArrayList<String>();
        for (var e : settings.entrySet()) {
            Double value = number(e.getValue());
            Meaning meaning = meaning(e.getKey());
            if (meaning == Meaning.NONE || value == null || value < 0 || (meaning == Meaning.REPEAT && value < 1)) continue;
            String what = switch (meaning) {
                case WARMUP_CALLS -> "warm-up " + Math.round(value) + " calls";
                case WARMUP_US -> "warm-up " + plain(value) + " µs";
                case WARMUP_MS -> "warm-up " + plain(value) + " ms";
                case REPEAT -> "repeat " + Math.round(value);
                case NONE -> "";
            };
            out.add(what + " (" + e.getKey() + "=" + e.getValue() + ")");
        }
        return out;
    }

    /** The keys not understood, or whose value is not a usable number: {@code device_ids}. */
    public List<String> ignored() {
        var out = new ArrayList<String>();
        for (var e : settings.entrySet()) {
            Double value = number(e.getValue());
            Meaning meaning = meaning(e.getKey());
            if (meaning == Meaning.NONE || value == null || value < 0 || (meaning == Meaning.REPEAT && value < 1)) out.add(e.getKey());
        }
        return out;
    }

    /** One line for the person who imported: how many configs, what was kept, what was ignored. */
    public String summary() {
        var text = new StringBuilder("Imported " + rows.size() + " config" + (rows.size() == 1 ? "" : "s"));
        if (!kept().isEmpty()) text.append("; kept ").append(String.join(", ", kept()));
        if (!ignored().isEmpty()) {
            text.append("; ignored ").append(String.join(", ", ignored()))
                    .append(ignored().contains("device_ids") ? " (the vendor's device numbers; measure.device_ids in the project names CPUs)" : "");
        }
        return text.append('.').toString();
    }

    private enum Meaning { WARMUP_CALLS, WARMUP_US, WARMUP_MS, REPEAT, NONE }

    private Meaning meaning(String key) {
        return switch (key) {
            case "repeat" -> Meaning.REPEAT;
            case "warmup" -> units == Units.VENDOR ? Meaning.WARMUP_US : Meaning.WARMUP_CALLS;
            case "warmup_times" -> units == Units.VENDOR ? Meaning.WARMUP_CALLS : Meaning.NONE;
            case "warmup_us" -> units == Units.PROJECT ? Meaning.WARMUP_US : Meaning.NONE;
            case "warmup_ms" -> units == Units.PROJECT ? Meaning.WARMUP_MS : Meaning.NONE;
            default -> Meaning.NONE;
        };
    }

    private static Double number(String text) {
        try {
            return Double.parseDouble(text.strip().replaceAll("^['\"]|['\"]$", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
