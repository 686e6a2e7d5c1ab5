package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * A remote target's answers damaged at random: bytes flipped, cut short, sizes and numbers replaced
 * by hostile ones (negative, 2^31, 2^63 - 1, not numbers), entries duplicated or dropped, escape
 * sequences and NULs put in. Read alone, an answer is read or refused as damaged; through a whole
 * run on a target (this machine's shell standing in for ssh; the golden result's answer left whole,
 * as a damaged one ends the run with its own clean error), every config ends recorded with a
 * status, a damaged answer a lost trial, and the run never with an exception.
 */
@IntegrationTest
class RemoteAnswersFuzzTest {

    static final int ANSWER_TRIES = 2000;
    static final int RUN_TRIES = 25;

    private static Path dir;
    private static byte[] genuine;
    private static final AtomicInteger lost = new AtomicInteger();
    private static final AtomicInteger measured = new AtomicInteger();

    @BeforeContainer
    static void aGenuineAnswer() throws Exception {
        dir = Files.createTempDirectory("remote-answers-");
        var out = new ByteArrayOutputStream();
        out.write(("motd: welcome\n" + MeasurementFile.HEADER + " " + MeasurementFile.VERSION + "\n").getBytes(StandardCharsets.UTF_8));
        for (var e : Map.of("exit", "0\n", "run_ms", "12\n", "node", "n1\n", "output/timing.txt", "samples 1.5 1.6 1.4\n", "stderr", "").entrySet()) {
            byte[] data = e.getValue().getBytes(StandardCharsets.UTF_8);
            out.write((e.getKey() + " " + data.length + "\n").getBytes(StandardCharsets.UTF_8));
            out.write(data);
            out.write('\n');
        }
        out.write("end\n".getBytes(StandardCharsets.UTF_8));
        genuine = out.toByteArray();
    }

    @AfterContainer
    static void removeFolder() {
        System.out.println("remote answers through runs: " + measured + " configs measured, " + lost + " lost");
        WorkFolders.deleteQuietly(dir);
    }

    private static final List<String> HOSTILE = List.of("-1", "2147483648", "2147483647", "9223372036854775807", "x", "", "1e3", "0",
            "\u001b[2J", "\u0000", "NaN", "-0");

    /** {@code answer} damaged in one to four random ways. */
    static byte[] damaged(byte[] answer, Random random) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            List<String> lines = new java.util.ArrayList<>(text.lines().toList());
            int at = lines.isEmpty() ? 0 : random.nextInt(lines.size());
            switch (random.nextInt(7)) {
                case 0 -> text = text.substring(0, random.nextInt(text.length() + 1));
                case 1 -> {
                    char[] chars = text.toCharArray();
                    if (chars.length > 0) chars[random.nextInt(chars.length)] = (char) random.nextInt(256);
                    text = new String(chars);
                }
                case 2 -> {
                    if (!lines.isEmpty()) lines.set(at, lines.get(at).replaceAll("\\d+$", HOSTILE.get(random.nextInt(HOSTILE.size()))));
                    text = String.join("\n", lines) + "\n";
                }
                case 3 -> {
                    if (!lines.isEmpty()) lines.add(at, lines.get(at));
                    text = String.join("\n", lines) + "\n";
                }
                case 4 -> {
                    if (!lines.isEmpty()) lines.remove(at);
                    text = String.join("\n", lines) + "\n";
                }
                case 5 -> text = text.replaceFirst("(samples|exit \\d+\\n)[^\\n]*", "$1 " + HOSTILE.get(random.nextInt(HOSTILE.size())));
                default -> text = text + HOSTILE.get(random.nextInt(HOSTILE.size())) + "\n";
            }
        }
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Property(tries = ANSWER_TRIES)
    void aDamagedAnswerIsReadOrRefusedAsDamaged(@ForAll long seed) {
        byte[] bytes = damaged(genuine, new Random(seed));
        try {
            MeasurementFile answer = MeasurementFile.read(new ByteArrayInputStream(bytes), 1 << 20);
            assertThat(answer.entries()).isNotNull();
        } catch (IOException e) {
            assertThat(e).isInstanceOf(MeasurementFile.Damaged.class);
            assertThat(e.getMessage()).isNotBlank();
        }
    }

    /** This machine's shell as the target, whose measuring jobs' answers come back damaged, but the first: the golden result's. */
    static final class DamagingShell implements RemoteShell {
        private final Path home;
        private final Random random;
        private final AtomicInteger measuring = new AtomicInteger();

        DamagingShell(Path home, long seed) {
            this.home = home;
            this.random = new Random(seed);
        }

        @Override
        public String target() {
            return "ssh://test@here";
        }

        @Override
        public Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
                throws IOException, InterruptedException {
            Path job = jobDir.resolve("job.sh");
            Files.writeString(job, script);
            var exit = process.run(List.of("/bin/sh", job.toString()), jobDir, "job", limit.plusSeconds(60), Map.of("XDG_CACHE_HOME", home.toString()));
            if (exit.cancelled()) return Optional.empty();
            byte[] answer = Files.readAllBytes(exit.stdout());
            boolean damage = exclusive && measuring.incrementAndGet() > 1;
            return Optional.of(MeasurementFile.read(new ByteArrayInputStream(damage ? damaged(answer, random) : answer)));
        }
    }

    @Property(tries = RUN_TRIES)
    void aRunWhoseAnswersAreDamagedRecordsEveryConfig(@ForAll long seed) throws Exception {
        String configs = TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;")
                + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];");
        Project project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL));
        Path records = dir.resolve("records-" + seed + ".jsonl");
        var options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().unsteadyRetries(0).build();
        List<TuningRecord> results;
        try (RecordFile file = RecordFile.open(records)) {
            var executor = new LocalExecutor(project, options, new Target.Ssh("test", "here", 0), new DamagingShell(dir.resolve("home"), seed));
            results = new Tuner(project, options, executor).run(file, e -> { });
        }
        assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.status()).isNotNull());
        results.forEach(r -> (r.ok() ? measured : lost).incrementAndGet());
        Files.deleteIfExists(records);
    }
}
