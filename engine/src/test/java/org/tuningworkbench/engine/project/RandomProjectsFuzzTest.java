package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.BuildApproval;
import org.tuningworkbench.fixtures.TestProject;

/**
 * Project files built at random, table by table: a working project with random tables laid over
 * it, each of random keys (the project format's own and unknown ones) holding random values of
 * every TOML type (integers at their limits, NaN and the infinities, hostile strings, arrays,
 * inline tables), and random [lesson] steps with random notes. Reading one ends in a project or in
 * the project's errors, never in another exception; what a read project's approval and identity
 * read is computed without one either.
 */
class RandomProjectsFuzzTest {

    static final int TRIES = 1500;

    private static Path dir;
    private static final java.util.concurrent.atomic.AtomicInteger read = new java.util.concurrent.atomic.AtomicInteger();
    private static final java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeContainer
    static void folder() throws Exception {
        dir = Files.createTempDirectory("random-projects-");
        Files.writeString(dir.resolve("notes.md"), "# A note\n\n> quoted *and* `code`\n");
        Files.writeString(dir.resolve("y.npy"), "not an npy file");
    }

    @AfterContainer
    static void removeFolder() {
        System.out.println("random projects: " + read + " read, " + refused + " refused with their errors");
        WorkFolders.deleteQuietly(dir);
    }

    private static final String BASE = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
            + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];"));

    private static final Map<String, List<String>> KEYS = Map.ofEntries(
            Map.entry("kernel", List.of("source", "entry", "language", "global", "local", "harness", "inject")),
            Map.entry("sizes", List.of("n", "m", "k", "big")),
            Map.entry("golden", List.of("function", "kernel", "source", "files", "tolerance", "atol", "rtol", "nan_equal")),
            Map.entry("baseline", List.of("label", "function", "source", "flags", "environments")),
            Map.entry("work", List.of("flops", "bytes")),
            Map.entry("build", List.of("command", "flags", "timeout_s")),
            Map.entry("measure", List.of("warmup_ms", "warmup_us", "warmup", "repeat", "min_sample_ms", "timeout_s", "seed", "memory_limit_mb",
                    "device_ids", "racing", "race_margin", "race_min_samples")),
            Map.entry("search", List.of("strategy", "seed", "max_trials", "time_limit_s", "order", "objective", "objective_higher_is_better")),
            Map.entry("space", List.of("U", "V", "Body", "constraints")),
            Map.entry("launch", List.of("problem_size", "grid_div_x", "grid_div_y", "grid_div_z", "block_size_names")),
            Map.entry("metrics", List.of("gflops", "ms", "x")),
            Map.entry("device", List.of("platform", "device")),
            Map.entry("target", List.of("where", "ssh", "slurm")),
            Map.entry("lesson", List.of("title")),
            Map.entry("unknown", List.of("anything")));


    /** Values of every TOML type, at their edges and hostile. */
    private static Arbitrary<String> value() {
        Arbitrary<String> integers = Arbitraries.of("0", "-1", "1", "2", "3", "64", "4294967360", "9223372036854775807", "-9223372036854775808",
                "1_000_000_000");
        Arbitrary<String> floats = Arbitraries.of("1e308", "-1e308", "nan", "inf", "-inf", "+inf", "0.0", "-0.0", "1e-320", "0.001", "1.3", "5e-324");
        Arbitrary<String> strings = Arbitraries.of("\"\"", "\"scale.c\"", "\"scale\"", "\"c\"", "\"c++\"", "\"opencl\"", "\"fortran\"", "\"grid\"",
                "\"random\"", "\"model\"", "\"listed\"", "\"n * n\"", "\"2 ^ 62\"", "\"1 / 0\"", "\"(\"", "\"f32[n]\"", "\"f32[-4]\"",
                "\"random(1, -1)\"", "\"file(/dev/zero)\"", "\"../../etc/passwd\"", "\"/dev/zero\"", "\"notes.md\"", "\"y.npy\"",
                "\"{source} {output}\"", "\"gcc {source} -o {output}; rm -rf ~\"", "\"$(touch pwned)\"", "\"\\u001b[2J\"", "\"\\u0000\"",
                "\"é€\"", "\"U in [1, 2, 8]\"", "\"U * V <= 16\"", "\"time\"", "\"ms\"", "\"ssh://x@y\"", "\"slurm\"", "\"No.1\"");
        Arbitrary<String> scalars = Arbitraries.oneOf(integers, floats, strings, Arbitraries.of("true", "false"),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12).map(s -> "'" + s.replace("'", "") + "'"));
        Arbitrary<String> arrays = scalars.list().ofMaxSize(4).map(l -> "[" + String.join(", ", l) + "]");
        Arbitrary<String> tables = Combinators.combine(Arbitraries.of("range", "step", "pow2", "values", "x", "OPENBLAS_CORETYPE"), scalars)
                .as((k, v) -> "{ " + k + " = " + v + " }");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, scalars), net.jqwik.api.Tuple.of(2, arrays), net.jqwik.api.Tuple.of(1, tables));
    }

    /** Lines a project may well hold, so that about half the tables are sound and the cases reach past the first error. */
    private static final Map<String, List<String>> SOUND = Map.ofEntries(
            Map.entry("measure", List.of("repeat = 2", "warmup_ms = 0.5", "warmup = 3", "min_sample_ms = 0", "timeout_s = 5", "seed = 7",
                    "memory_limit_mb = 512", "racing = false", "race_margin = 1.5", "race_min_samples = 2")),
            Map.entry("search", List.of("strategy = \"random\"", "strategy = \"model\"", "seed = -3", "max_trials = 2", "time_limit_s = 30",
                    "order = \"listed\"")),
            Map.entry("build", List.of("timeout_s = 60", "flags = \"-O1\"", "command = \"gcc -O2 -I{kernel_dir} {source} -o {output} -lm\"")),
            Map.entry("work", List.of("flops = \"2 * n\"", "bytes = \"8 * n\"")),
            Map.entry("baseline", List.of("label = \"ref\"\nfunction = \"scale_reference\"", "flags = \"-lm\"")),
            Map.entry("golden", List.of("function = \"scale_reference\"", "atol = 1e-3", "rtol = 0.01", "nan_equal = true")),
            Map.entry("sizes", List.of("n = 64", "m = 3", "k = \"n * 2\"")),
            Map.entry("lesson", List.of("title = \"steps\"")));

    /** The tables a random one may be: sound ones twice as often as the rest. */
    private static final List<String> NAMES = java.util.stream.Stream.concat(KEYS.keySet().stream(), SOUND.keySet().stream()).sorted().toList();

    /** One table of random keys and values; a lesson also gets random steps. */
    private static Arbitrary<String> table() {
        return Arbitraries.of(NAMES).flatMap(name -> {
            Arbitrary<String> random = Combinators.combine(Arbitraries.of(KEYS.get(name)), value()).as((k, v) -> k + " = " + v);
            Arbitrary<String> line = SOUND.containsKey(name) ? Arbitraries.oneOf(random, Arbitraries.of(SOUND.get(name))) : random;
            Arbitrary<String> body = line.list().ofMinSize(1).ofMaxSize(5).map(lines -> String.join("\n", lines));
            if (!name.equals("lesson")) return body.map(b -> "[" + name + "]\n" + b);
            Arbitrary<String> step = Combinators.combine(Arbitraries.of("config", "note", "note_file", "expect", "title", "other"), value())
                    .as((k, v) -> k + " = " + v).list().ofMinSize(1).ofMaxSize(4).map(lines -> "[[lesson.step]]\n" + String.join("\n", lines));
            Arbitrary<String> note = Arbitraries.of("> ", "*", "_", "`", "#", "- ", "1. ", "[a](b)", "<b>", "\\n", "x").list().ofMaxSize(200)
                    .map(parts -> "[[lesson.step]]\nconfig = 1\nnote = \"" + String.join("", parts).replace("\"", "") + "\"");
            return Combinators.combine(body, Arbitraries.oneOf(step, note).list().ofMaxSize(3))
                    .as((b, steps) -> "[lesson]\n" + b + "\n" + String.join("\n", steps));
        });
    }

    @Provide
    Arbitrary<String> projects() {
        return table().list().ofMinSize(1).ofMaxSize(4).map(RandomProjectsFuzzTest::laidOver);
    }

    /** The base project with {@code tables} laid over it: a table it holds already gets the random lines inside it, as a person would edit it. */
    static String laidOver(List<String> tables) {
        String text = BASE + "\n";
        for (String table : tables) {
            String header = table.substring(0, table.indexOf('\n') + 1);
            int at = text.indexOf("\n" + header);
            text = at >= 0 ? text.substring(0, at + 1 + header.length()) + table.substring(header.length()) + "\n" + text.substring(at + 1 + header.length())
                    : text + "\n" + table + "\n";
        }
        return text;
    }

    @Property(tries = TRIES, edgeCases = EdgeCasesMode.NONE)
    void aRandomProjectIsReadOrRefusedWithItsErrors(@ForAll("projects") String text) throws Exception {
        Path file = TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
        Project project;
        try {
            project = ProjectFile.load(file);
        } catch (ProjectException e) {
            assertThat(e.errors()).as(text).isNotEmpty().allSatisfy(error -> assertThat(error.message()).isNotBlank());
            refused.incrementAndGet();
            return;
        }
        assertThat(project.name()).isNotNull();
        assertThat(BuildApproval.fingerprint(project, text)).hasSize(32);
        assertThat(SetupIdentity.of(project)).hasSize(32);
        read.incrementAndGet();
    }
}
