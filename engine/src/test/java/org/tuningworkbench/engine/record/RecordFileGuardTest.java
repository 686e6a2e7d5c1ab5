package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tuner appends only to a plain record file it owns, and one run at a time. */
class RecordFileGuardTest {

    @TempDir
    Path dir;

    @Test
    void aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws Exception {
        Path target = dir.resolve("bashrc");
        Files.writeString(target, "export PATH=/usr/bin\n");
        Path link = Files.createSymbolicLink(dir.resolve("records.jsonl"), target);
        assertThatThrownBy(() -> RecordFile.open(link))
                .isInstanceOfSatisfying(RecordFileException.class, e -> assertThat(e.reason()).isEqualTo(RecordFileException.Reason.REFUSED))
                .hasMessageContaining(link.toString()).hasMessageContaining("symbolic link");
        assertThat(Files.readString(target)).isEqualTo("export PATH=/usr/bin\n");
    }

    @Test
    void aFileWhoseLinesAreNotRecordsIsRefused() throws Exception {
        Path kernel = dir.resolve("kernel.c");
        Files.writeString(kernel, "#include <stdio.h>\nint main(void) { return 0; }\n");
        assertThatThrownBy(() -> RecordFile.open(kernel))
                .isInstanceOfSatisfying(RecordFileException.class, e -> assertThat(e.reason()).isEqualTo(RecordFileException.Reason.REFUSED))
                .hasMessageContaining(kernel.toString()).hasMessageContaining("not a record file");
        assertThat(Files.readString(kernel)).isEqualTo("#include <stdio.h>\nint main(void) { return 0; }\n");
    }

    @Test
    void aFolderOrDeviceIsRefused() throws Exception {
        assertThatThrownBy(() -> RecordFile.open(dir)).isInstanceOf(RecordFileException.class).hasMessageContaining("not a regular file");
        assertThatThrownBy(() -> RecordFile.open(Path.of("/dev/zero"))).isInstanceOf(RecordFileException.class);
    }

    @Test
    void aLockFileThatCannotBeCreatedIsNamedWithTheSystemsReason() {
        assertThatThrownBy(() -> RecordFile.open(Path.of("/proc/version")))
                .hasMessage("cannot create the lock file /proc/version.lock: No such file or directory");
    }

    @Test
    void anEmptyFileOrOneWithALineCutShortIsStillARecordFile() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jsonl"));
        RecordFile.open(empty).close();
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(cut, "{\"schema\":2,\"run_id\":\"r\",\"tri");
        try (RecordFile file = RecordFile.open(cut)) {
            assertThat(file.skippedLines()).hasSize(1);
            file.append(RecordFileTest.record(1, Status.OK));
        }
        assertThat(RecordFile.read(cut)).hasSize(1);
    }

    @Test
    void aSecondWriterRefusesNamingThePidOfTheFirst() throws Exception {
        Path path = dir.resolve("records.jsonl");
        try (RecordFile first = RecordFile.open(path)) {
            assertThatThrownBy(() -> RecordFile.open(path))
                    .isInstanceOfSatisfying(RecordFileException.class, e -> assertThat(e.reason()).isEqualTo(RecordFileException.Reason.BUSY))
                    .hasMessageContaining(path + " is being written by another tuning run (pid " + ProcessHandle.current().pid() + ")");
            assertThat(RecordFile.read(path)).isEmpty();
        }
        RecordFile.open(path).close();
    }

    @Test
    void anotherProcessHoldingTheLockIsRefusedToo() throws Exception {
        Path path = dir.resolve("records.jsonl");
        Process holder = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-cp", System.getProperty("java.class.path"),
                Holder.class.getName(), path.toString()).redirectErrorStream(true).start();
        try {
            assertThat(new String(holder.getInputStream().readNBytes(7))).isEqualTo("opened\n".substring(0, 7));
            assertThatThrownBy(() -> RecordFile.open(path)).isInstanceOf(RecordFileException.class)
                    .hasMessageContaining("another tuning run (pid " + holder.pid() + ")");
        } finally {
            holder.destroyForcibly().waitFor();
        }
        // The system released the lock of the killed holder.
        RecordFile.open(path).close();
    }

    /** Another tuner: opens the record file and keeps it open. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            RecordFile.open(Path.of(args[0]));
            System.out.print("opened\n");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
