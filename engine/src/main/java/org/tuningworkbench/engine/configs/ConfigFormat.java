package org.tuningworkbench.engine.configs;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The file forms a list of configs is imported from and exported to. */
public enum ConfigFormat {
    /** The vendor autotuner's list of maps: {@code [{'L1TileShape': 'GemmShape<64, 64, 64>', ...}]}. */
    VENDOR("Vendor list of maps", "txt"),
    /** A JSON array of objects: {@code [{"BM": "64"}]}. */
    JSON("JSON", "json"),
    /** Comma-separated values with a header row of parameter names. */
    CSV("CSV", "csv");

    private final String label;
    private final String extension;

    ConfigFormat(String label, String extension) {
        this.label = label;
        this.extension = extension;
    }

    public String label() {
        return label;
    }

    public String extension() {
        return extension;
    }

    /** Guesses the form from a file name: {@code .json}, {@code .csv}, anything else the vendor form. */
    public static ConfigFormat of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return byExtension(name).orElse(VENDOR);
    }

    private static Optional<ConfigFormat> byExtension(String name) {
        for (ConfigFormat f : values()) {
            if (f != VENDOR && name.endsWith("." + f.extension)) return Optional.of(f);
        }
        return Optional.empty();
    }
}
