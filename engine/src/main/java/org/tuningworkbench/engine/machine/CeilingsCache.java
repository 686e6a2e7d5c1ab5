package org.tuningworkbench.engine.machine;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.record.RecordFile;

/**
 * The ceilings measured so far, one per machine class (the device identity records carry: CPU
 * model and cores), in one JSON file ({@code ~/.cache/tuning-workbench/ceilings-2.json}), so a
 * window or a report does not measure again at every start. Identical machines share their figures,
 * as they share records. A damaged file is measured over, not trusted.
 *
 * <p>The file's name carries the version of {@link CeilingsProbe}'s programs: figures measured by
 * an earlier version are not read. (Version 1's FMA peak program let gcc merge its chains and
 * reported about 1.5 times the core's peak; {@code ceilings.json} holds its figures.)
 */
public final class CeilingsCache {

    /** Measures ceilings when the cache has none (a {@link CeilingsProbe} in a work folder, or a fake in tests). */
    @FunctionalInterface
    public interface Measure {
        Ceilings measure(String machine) throws IOException, InterruptedException;
    }

    private final Path file;

    public CeilingsCache(Path file) {
        this.file = file;
    }

    /** The cache under {@code cacheDir} (the build cache's folder, {@code ~/.cache/tuning-workbench} by default). */
    public static CeilingsCache in(Path cacheDir) {
        return new CeilingsCache(cacheDir.resolve("ceilings-2.json"));
    }

    public Path file() {
        return file;
    }

    /** The ceilings measured on {@code machine}, if they were. */
    public Optional<Ceilings> known(String machine) {
        return Optional.ofNullable(read().get(machine));
    }

    /** The ceilings of {@code machine}: those known, or measured now with {@code measure} and kept. */
    public synchronized Ceilings knownOrMeasured(String machine, Measure measure) throws IOException, InterruptedException {
        Optional<Ceilings> known = known(machine);
        if (known.isPresent()) return known.get();
        return keep(measure.measure(machine));
    }

    /**
     * Measures {@code machine} again and keeps, for each ceiling, the higher of the new and the known
     * figure: a ceiling is what the machine can do, and a busy moment only hides it.
     */
    public synchronized Ceilings measuredAgain(String machine, Measure measure) throws IOException, InterruptedException {
        Ceilings now = measure.measure(machine);
        Optional<Ceilings> known = known(machine);
        if (known.isEmpty()) return keep(now);
        Ceilings before = known.get();
        boolean peakNow = now.peakGflops() >= before.peakGflops();
        boolean bandwidthNow = now.bandwidthGbps() >= before.bandwidthGbps();
        String method = now.method() + (peakNow && bandwidthNow ? "" : "; each ceiling the higher of this and the measurement at " + before.measuredAt());
        return keep(new Ceilings(machine, peakNow ? now.peakGflops() : before.peakGflops(), peakNow ? now.peakBits() : before.peakBits(),
                Math.max(now.bandwidthGbps(), before.bandwidthGbps()), now.measuredAt(), method));
    }

    private Ceilings keep(Ceilings measured) throws IOException {
        String machine = measured.machine();
        Map<String, Ceilings> all = read();
        all.put(machine, measured);
        Files.createDirectories(file.toAbsolutePath().getParent());
        SafeWrite.write(file, RecordFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(all));
        return measured;
    }

    private Map<String, Ceilings> read() {
        if (!Files.isRegularFile(file)) return new TreeMap<>();
        try {
            return new TreeMap<>(RecordFile.JSON.readValue(file.toFile(), new TypeReference<Map<String, Ceilings>>() {}));
        } catch (IOException | RuntimeException e) {
            return new TreeMap<>();
        }
    }
}
