package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.tuningworkbench.engine.WorkFolders;

/**
 * {@code [launch]} with values drawn from the hostile and the plausible: every project is read or
 * refused with its errors, and every config of one that is read gets its launch or a reason why
 * not; nothing else escapes (no internal error).
 */
class LaunchTableFuzzTest {

    private static Path dir;

    @BeforeContainer
    static void kernel() throws Exception {
        dir = Files.createTempDirectory("launch-fuzz");
        Files.writeString(dir.resolve("vector_add.cl"), LaunchTableTest.KERNEL);
    }

    @AfterContainer
    static void clean() {
        WorkFolders.deleteQuietly(dir);
    }

    @Provide
    Arbitrary<String> value() {
        Arbitrary<String> atom = Arbitraries.oneOf(
                Arbitraries.of("n", "block_size_x", "2 * n", "n / 0", "block_size_x - 128", "1e300", "-5", "0", "n ^ 40", "\"\"", "nope",
                        "n +", "(n", "\\\"x\\\"", "block_size_x % 0", "1.5", "9223372036854775807", "\\u0000").map(s -> "\"" + s + "\""),
                Arbitraries.longs().map(Object::toString),
                Arbitraries.of("true", "1.5", "{ a = 1 }", "[]", "[[1]]"),
                Arbitraries.strings().ofMaxLength(12).map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\""));
        return Arbitraries.oneOf(atom, atom.list().ofMinSize(0).ofMaxSize(4).map(l -> "[" + String.join(", ", l) + "]"));
    }

    @Property(tries = 600)
    void everyLaunchTableIsReadOrRefusedAndEveryConfigLaunchesOrSaysWhyNot(@ForAll("value") String problem, @ForAll("value") String x,
            @ForAll("value") String y, @ForAll("value") String names, @ForAll boolean withY, @ForAll boolean withNames) {
        String text = LaunchTableTest.PROJECT + "\n[launch]\nproblem_size = " + problem + "\ngrid_div_x = " + x + "\n"
                + (withY ? "grid_div_y = " + y + "\n" : "") + (withNames ? "block_size_names = " + names + "\n" : "");
        Project project;
        try {
            project = ProjectFile.parse(dir.resolve("project.toml"), text, Map.of());
        } catch (ProjectException e) {
            return;
        }
        for (String size : List.of("128", "0", "-1", "99999999999999999999", "wide", "1e400")) {
            try {
                project.launchesFor(Map.of("block_size_x", size));
            } catch (IllegalArgumentException e) {
                // The config is invalid, with its reason.
            }
        }
    }
}
