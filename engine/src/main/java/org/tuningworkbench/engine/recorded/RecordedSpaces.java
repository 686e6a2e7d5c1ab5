package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonToken;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/** Reads a recorded space in either format, telling them apart by their top-level keys. */
public final class RecordedSpaces {
    private RecordedSpaces() {}

    /** The formats a recorded space comes in. */
    public enum Format { KERNEL_TUNER_CACHE, T4 }

    private static final Set<String> KERNEL_TUNER_KEYS = Set.of("cache", "tune_params", "tune_params_keys");
    private static final String EXPECTED = "not a Kernel Tuner cache or T4 results file: expected `tune_params_keys`, `tune_params` and `cache`"
            + " (Kernel Tuner) or `results` (T4) at the top level";

    /** Whether {@code file} is named as a recorded space is: {@code .json} or {@code .json.gz}. */
    public static boolean hasSpaceName(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".json") || name.endsWith(".json.gz");
    }

    /** Reads {@code file} ({@code .json} or {@code .json.gz}), a Kernel Tuner cache or T4 results. */
    public static RecordedSpace read(Path file) throws RecordedSpaceException {
        return switch (format(file)) {
            case KERNEL_TUNER_CACHE -> KernelTunerCache.read(file);
            case T4 -> T4Results.read(file);
        };
    }

    /** Which format {@code file} is in, from the first top-level key that tells (usually among the first few). */
    public static Format format(Path file) throws RecordedSpaceException {
        try (JsonInput in = JsonInput.open(file)) {
            in.startTopLevel(EXPECTED);
            while (in.next() == JsonToken.FIELD_NAME) {
                String field = in.fieldName();
                if (KERNEL_TUNER_KEYS.contains(field)) return Format.KERNEL_TUNER_CACHE;
                if (field.equals("results")) return Format.T4;
                in.next();
                in.skip();
            }
            throw new RecordedSpaceException(file, EXPECTED);
        }
    }

    /** A space's name: its file's name without {@code .gz} and {@code .json}. */
    static String name(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".gz")) name = name.substring(0, name.length() - 3);
        if (name.endsWith(".json")) name = name.substring(0, name.length() - 5);
        return name;
    }
}
