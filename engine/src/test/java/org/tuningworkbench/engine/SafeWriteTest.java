package org.tuningworkbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole file is written beside its target and renamed over it: the target is its old self or the new text, never a mix. */
class SafeWriteTest {

    @TempDir
    Path dir;

    @Test
    void aFullDiskLeavesTheOldFileWholeAndSaysSo() throws Exception {
        try (FileSystem disk = Jimfs.newFileSystem(Configuration.unix().toBuilder().setMaxSize(64 * 1024).setBlockSize(4096).build())) {
            Path kernel = Files.createDirectories(disk.getPath("/project")).resolve("kernel.c");
            String old = "int main() { return 0; }\n".repeat(100);
            Files.writeString(kernel, old);
            byte[] tooMuch = new byte[128 * 1024];
            assertThatThrownBy(() -> SafeWrite.write(kernel, tooMuch))
                    .isInstanceOfSatisfying(SafeWrite.WriteException.class, e -> assertThat(e.environment()).isTrue())
                    .hasMessageStartingWith("cannot write /project/kernel.c: the disk is full (")
                    .hasMessageEndingWith("the file is left as it was");
            assertThat(Files.readString(kernel)).isEqualTo(old);
            try (var left = Files.list(kernel.getParent())) {
                assertThat(left).containsExactly(kernel);
            }
        }
    }

    @Test
    void aFileIsReplacedWholeKeepingItsPermissions() throws Exception {
        Path script = Files.writeString(dir.resolve("build.sh"), "old");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));
        SafeWrite.write(script, "new");
        assertThat(script).hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-x---");
        try (var left = Files.list(dir)) {
            assertThat(left).containsExactly(script);
        }
    }

    @Test
    void aLinkAtTheTargetIsReplacedNeverWrittenThrough() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("out.csv"), victim);
        SafeWrite.write(link, "a,b\n");
        assertThat(victim).hasContent("keep me");
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(link).hasContent("a,b\n");
    }

    @Test
    void anInputNamedByAnotherPathIsRefused() throws Exception {
        Path records = Files.writeString(dir.resolve("records.jsonl"), "{}\n");
        Path sameByLink = Files.createSymbolicLink(dir.resolve("alias.jsonl"), records);
        SafeWrite writes = SafeWrite.sparing(List.of(records));
        assertThatThrownBy(() -> writes.text(dir.resolve("sub/../records.jsonl"), "x", StandardCharsets.UTF_8))
                .hasMessageContaining("it is records.jsonl, an input of this command");
        assertThatThrownBy(() -> writes.text(sameByLink, "x", StandardCharsets.UTF_8)).hasMessageContaining("an input of this command");
        assertThat(records).hasContent("{}\n");
    }

    @Test
    void aMissingFolderIsNamed() {
        assertThatThrownBy(() -> SafeWrite.write(dir.resolve("no/such/out.html"), "x"))
                .hasMessage("cannot write " + dir.resolve("no/such/out.html") + ": its folder " + dir.resolve("no/such") + " does not exist");
    }
}
