package org.tuningworkbench.engine.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.cli.ExitCode;
import org.tuningworkbench.engine.process.ProcessMarker;
import org.tuningworkbench.tiers.IntegrationTest;

/** The cache's size and LRU clean-up, and what killed runs leave, collected at the next start. */
@IntegrationTest
class BuildCacheTest {

    @TempDir
    Path dir;

    private Path build(String name, int kib, Duration usedAgo) throws Exception {
        Path build = Files.createDirectories(dir.resolve("builds").resolve(name));
        Files.write(build.resolve("variant"), new byte[kib * 1024]);
        Files.setLastModifiedTime(build, FileTime.from(Instant.now().minus(usedAgo)));
        return build;
    }

    @Test
    void cleaningRemovesLeastRecentlyUsedBuildsFirstAndKeepsThoseInUse() throws Exception {
        Path oldest = build("aa", 100, Duration.ofDays(3));
        Path older = build("bb", 100, Duration.ofDays(2));
        Path old = build("cc", 100, Duration.ofDays(1));
        Path inUse = build("dd", 100, Duration.ofMinutes(1));
        var cache = BuildCache.in(dir);
        assertThat(cache.size()).isEqualTo(400 * 1024);
        var cleaned = cache.trimTo(250 * 1024);
        assertThat(cleaned.removed()).isEqualTo(2);
        assertThat(oldest).doesNotExist();
        assertThat(older).doesNotExist();
        assertThat(old).exists();
        assertThat(cache.trimTo(0).keptInUse()).isEqualTo(1);
        assertThat(inUse).exists();
        assertThat(old).doesNotExist();
    }

    @Test
    void theCacheCommandShowsTheSizeAndCleans() throws Exception {
        build("aa", 64, Duration.ofDays(3));
        build("bb", 64, Duration.ofDays(2));
        var out = new StringWriter();
        assertThat(Cli.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "cache", "--cache-dir=" + dir))
                .isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("2 builds, 128.0 KiB");
        out = new StringWriter();
        assertThat(Cli.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "cache", "--cache-dir=" + dir, "clean",
                "--max-size", "100K")).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("Removed 1 builds (64.0 KiB)");
        assertThat(BuildCache.in(dir).entries()).singleElement().satisfies(e -> assertThat(e.dir().getFileName().toString()).isEqualTo("bb"));
        var err = new StringWriter();
        assertThat(Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "cache", "--cache-dir=" + dir, "clean",
                "--max-size", "lots")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("cannot read the size `lots`");
    }

    @Test
    void aCacheThatIsAFileIsBadInputAndLeftAlone() throws Exception {
        Path file = Files.writeString(dir.resolve("passwd"), "root:x:0:0\n");
        for (String[] command : new String[][] {{"cache", "--cache-dir=" + file}, {"cache", "--cache-dir=" + file, "clean"}}) {
            var err = new StringWriter();
            assertThat(Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), command)).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(err.toString()).isEqualTo("error: the cache " + file + " is not a folder; give a folder as --cache-dir" + System.lineSeparator());
        }
        assertThat(Files.readString(file)).isEqualTo("root:x:0:0\n");
    }

    @Test
    void foldersOfAKilledRunAreCollectedAndThoseOfLiveRunsKept() throws Exception {
        long dead = deadPid();
        Path deadBuild = Files.createDirectories(dir.resolve("builds").resolve("ab12.tmp-p" + dead + "-x"));
        Path deadRun = Files.createDirectories(dir.resolve("runs").resolve("run-p" + dead + "-123"));
        Path deadDeps = Files.createDirectories(dir.resolve("deps-p" + dead + "-9"));
        Path deadGolden = Files.createDirectories(build("cd34", 1, Duration.ZERO).resolve("golden.tmp-p" + dead + "-y"));
        Path liveRun = Files.createDirectories(dir.resolve("runs").resolve(WorkFolders.ownedName("run-") + "1"));
        Path oldUnowned = Files.createDirectories(dir.resolve("runs").resolve("run-42"));
        Files.setLastModifiedTime(oldUnowned, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
        Path newUnowned = Files.createDirectories(dir.resolve("runs").resolve("run-43"));
        // A run's scratch folder in memory, found wherever it is (ScratchFolders.all).
        Path deadScratch = Files.createDirectories(dir.resolve("memory").resolve("run-p" + dead + "-7"));
        Path liveScratch = Files.createDirectories(dir.resolve("memory").resolve(WorkFolders.ownedName("run-") + "8"));

        assertThat(Leftovers.collect(dir, List.of(deadScratch, liveScratch)).folders()).isEqualTo(6);
        assertThat(deadScratch).doesNotExist();
        assertThat(liveScratch).exists();
        assertThat(deadBuild).doesNotExist();
        assertThat(deadRun).doesNotExist();
        assertThat(deadDeps).doesNotExist();
        assertThat(deadGolden).doesNotExist();
        assertThat(oldUnowned).doesNotExist();
        assertThat(liveRun).exists();
        assertThat(newUnowned).exists();
    }

    @Test
    void processesOfATunerThatIsGoneAreEnded() throws Exception {
        var builder = new ProcessBuilder("sleep", "60");
        builder.environment().put(ProcessMarker.ENV, deadPid() + "-12345");
        Process orphan = builder.start();
        var mine = new ProcessBuilder("sleep", "60");
        mine.environment().put(ProcessMarker.ENV, ProcessMarker.self());
        Process ours = mine.start();
        try {
            assertThat(Leftovers.collect(dir).processes()).isGreaterThanOrEqualTo(1);
            assertThat(orphan.waitFor(5, TimeUnit.SECONDS)).isTrue();
            assertThat(ours.isAlive()).isTrue();
        } finally {
            orphan.destroyForcibly();
            ours.destroyForcibly();
        }
    }

    /** The pid of a process that has ended. */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
