package org.tuningworkbench.engine.recorded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Kernel Tuner caches and T4 files damaged at random (cut anywhere, as an interrupted run cuts them;
 * a span replaced by a hostile value; a span deleted or doubled): each reads, or is refused with a
 * {@link RecordedSpaceException} naming the file; no other exception escapes.
 */
class RecordedSpaceFuzzTest {

    private static final List<String> FIXTURES = List.of("kt-small.json", "kt-score.json", "kt-open.json", "kt-cache-first.json",
            "t4-seconds.json", "t4-small.json", "kt-mean-not-median.json");
    private static final List<String> HOSTILE = List.of("", ",", "}", "]", "{", "[", "null", "true", "\"\"", "\"InvalidConfig\"", "-1", "1e999",
            "NaN", "0", "[]", "{}", "\"time\"", "\"score\"", "\"objective\": [\"time\"]", "\"objective_higher_is_better\": 3", "\u0000", "é",
            "\"cache\": {}", "\"results\": []", "\"tune_params_keys\": [1]", "9223372036854775808");

    private static Path dir;
    private static List<String> texts;

    @BeforeContainer
    static void fixtures() throws Exception {
        dir = Files.createTempDirectory("recorded-fuzz");
        var read = new java.util.ArrayList<String>();
        for (String name : FIXTURES) read.add(Files.readString(Fixtures.file(name)));
        texts = List.copyOf(read);
    }

    @AfterContainer
    static void clean() throws Exception {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) Files.deleteIfExists(f);
        }
        Files.deleteIfExists(dir);
    }

    /** A fixture with one span (start, length) cut off, replaced, deleted or doubled. */
    record Damage(int fixture, double start, double length, int kind, String hostile) {
        String apply(String text) {
            int from = (int) (start * text.length());
            int to = Math.min(text.length(), from + (int) (length * 40));
            return switch (kind) {
                case 0 -> text.substring(0, from);
                case 1 -> text.substring(0, from) + hostile + text.substring(to);
                case 2 -> text.substring(0, from) + text.substring(to);
                default -> text.substring(0, to) + text.substring(from);
            };
        }
    }

    @Provide
    Arbitrary<Damage> damage() {
        return Combinators.combine(Arbitraries.integers().between(0, FIXTURES.size() - 1), Arbitraries.doubles().between(0, 1),
                Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, 3), Arbitraries.of(HOSTILE)).as(Damage::new);
    }

    @Property(tries = 1500)
    void everyDamagedFileReadsOrIsRefusedByName(@ForAll("damage") Damage damage) throws Exception {
        Path file = dir.resolve("space.json");
        Files.writeString(file, damage.apply(texts.get(damage.fixture())));
        try {
            RecordedSpace space = RecordedSpaces.read(file);
            space.ranking().ranked(space.records());
            space.optimum();
        } catch (RecordedSpaceException e) {
            assertThat(e.getMessage()).startsWith(file.toString());
        }
    }
}
