package org.tuningworkbench.tiers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Where a {@link PerformanceTest} puts its figures: one line each, printed and appended to
 * {@code target/performance/CLASS.txt} of the module under test (surefire runs in the module's
 * folder), each line after its UTC time, so runs one after the other can be set side by side.
 */
public final class PerformanceFigures {
    private final Path file;

    private PerformanceFigures(Path file) {
        this.file = file;
    }

    /** The figures of {@code testClass}, in {@code target/performance/SIMPLE_NAME.txt}. */
    public static PerformanceFigures of(Class<?> testClass) {
        return new PerformanceFigures(Path.of("target", "performance", testClass.getSimpleName() + ".txt"));
    }

    /** The file the figures go to. */
    public Path file() {
        return file;
    }

    /** Prints {@code line} and appends it to the file, after the time. */
    public void write(String line) {
        System.out.println(line);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + line + System.lineSeparator(),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the performance figures to " + file.toAbsolutePath(), e);
        }
    }
}
