package org.tuningworkbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Each config's files go to memory when a tmpfs has room for them, else to the run folder. */
@IntegrationTest
class ScratchFoldersTest {

    @TempDir
    Path dir;

    private static boolean sharedMemory() throws Exception {
        return Files.isDirectory(ScratchFolders.SHARED_MEMORY) && "tmpfs".equals(Files.getFileStore(ScratchFolders.SHARED_MEMORY).type());
    }

    @Test
    void smallOutputsGoToMemoryInAFolderOfThisProcessThatIsGoneOnceReleased() throws Exception {
        assumeTrue(sharedMemory(), "no tmpfs at /dev/shm");
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Path scratch = ScratchFolders.forRun(runDir, 4096);
        assertThat(scratch).isNotEqualTo(runDir).startsWith(ScratchFolders.SHARED_MEMORY).isDirectory();
        assertThat(WorkFolders.owner(scratch.getFileName().toString())).isEqualTo(ProcessHandle.current().pid());
        assertThat(ScratchFolders.all()).contains(scratch);
        Files.writeString(scratch.resolve("timing.txt"), "sample_ns 1\n");
        ScratchFolders.release(scratch, runDir);
        assertThat(scratch).doesNotExist();
        assertThat(runDir).isDirectory();
    }

    @Test
    void outputsLargerThanTheRoomInMemoryStayInTheRunFolder() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        assertThat(ScratchFolders.forRun(runDir, Long.MAX_VALUE / 2)).isEqualTo(runDir);
        // Releasing the run folder itself leaves it to the run.
        ScratchFolders.release(runDir, runDir);
        assertThat(runDir).isDirectory();
    }

    @Test
    void aFolderOnDiskIsNoMemory() throws Exception {
        assumeTrue(!"tmpfs".equals(Files.getFileStore(dir).type()));
        Path runDir = Files.createDirectories(dir.resolve("run"));
        assertThat(ScratchFolders.forRun(runDir, 1, dir.resolve("disk"))).isEqualTo(runDir);
        Files.createDirectories(dir.resolve("disk"));
        assertThat(ScratchFolders.forRun(runDir, 1, dir.resolve("disk"))).isEqualTo(runDir);
        assertThat(ScratchFolders.all(dir.resolve("disk"))).isEmpty();
    }

    @Test
    void aTuningRunMeasuresThroughMemoryAndLeavesNothingThere() throws Exception {
        assumeTrue(sharedMemory(), "no tmpfs at /dev/shm");
        String configs = TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
                + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];");
        var project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL));
        var during = new ArrayList<List<Path>>();
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> {
                if (e instanceof TuningEvent.Finished) during.add(ours());
            });
        }
        assertThat(records).allSatisfy(r -> assertThat(r.ok()).isTrue());
        assertThat(during).isNotEmpty().allSatisfy(folders -> assertThat(folders).hasSize(1));
        assertThat(ours()).isEmpty();
    }

    /** This process's scratch folders in memory. */
    private static List<Path> ours() {
        return ScratchFolders.all().stream().filter(p -> WorkFolders.owner(p.getFileName().toString()) == ProcessHandle.current().pid()).toList();
    }

    /** A tmpfs folder of the test's own standing in for /dev/shm. */
    private Path memory() throws Exception {
        assumeTrue(sharedMemory(), "no tmpfs at /dev/shm");
        Path memory = Files.createTempDirectory(ScratchFolders.SHARED_MEMORY, "scratch-test-");
        Files.setPosixFilePermissions(memory, PosixFilePermissions.fromString("rwxrwxrwx"));
        return memory;
    }

    @Test
    void theFolderInMemoryIsMadePrivateToThisUser() throws Exception {
        Path memory = memory();
        try {
            Path runDir = Files.createDirectories(dir.resolve("run"));
            Path scratch = ScratchFolders.forRun(runDir, 4096, memory);
            assertThat(scratch).isNotEqualTo(runDir);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(scratch.getParent()))).isEqualTo("rwx------");
            // Opened up (by a umask, by hand): closed again before it is used.
            Files.setPosixFilePermissions(scratch.getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
            ScratchFolders.forRun(runDir, 4096, memory);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(scratch.getParent()))).isEqualTo("rwx------");
        } finally {
            WorkFolders.deleteQuietly(memory);
        }
    }

    @Test
    void aFolderInMemoryThatAnotherUserOwnsIsNeverUsed() throws Exception {
        Path memory = memory();
        try {
            Path runDir = Files.createDirectories(dir.resolve("run"));
            Path theirs = ScratchFolders.forRun(runDir, 4096, memory).getParent();
            assumeTrue(new ProcessBuilder("chown", "65534", theirs.toString()).start().waitFor() == 0, "cannot give a folder to another user");
            Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwxrwxrwx"));
            assertThat(ScratchFolders.forRun(runDir, 4096, memory)).isEqualTo(runDir);
            assertThat(ScratchFolders.all(memory)).isEmpty();
        } finally {
            WorkFolders.deleteQuietly(memory);
        }
    }

    @Test
    void aLinkInPlaceOfTheFolderIsNeverFollowed() throws Exception {
        Path memory = memory();
        try {
            Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
            Path runDir = Files.createDirectories(dir.resolve("run"));
            Path root = ScratchFolders.forRun(runDir, 4096, memory).getParent();
            WorkFolders.deleteQuietly(root);
            Files.createSymbolicLink(root, elsewhere);
            assertThat(ScratchFolders.forRun(runDir, 4096, memory)).isEqualTo(runDir);
            try (var inside = Files.list(elsewhere)) {
                assertThat(inside).isEmpty();
            }
        } finally {
            WorkFolders.deleteQuietly(memory);
        }
    }
}
