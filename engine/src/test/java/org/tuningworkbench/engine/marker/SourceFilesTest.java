package org.tuningworkbench.engine.marker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

@IntegrationTest
class SourceFilesTest {

    @TempDir
    Path dir;

    @Test
    void aLatin1KernelIsTunedAndWrittenBackByteForByte() throws Exception {
        String kernel = "// Kernel écrit à la main (Latin-1)\n" + TestProject.SCALE_KERNEL;
        Path file = dir.resolve("scale.c");
        Files.write(file, kernel.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(SourceFiles.read(file).charset()).isEqualTo(StandardCharsets.ISO_8859_1);
        assertThat(SourceFiles.read(file).text()).startsWith("// Kernel écrit à la main");
        SourceFiles.write(file, SourceFiles.read(file).text());
        assertThat(Files.readAllBytes(file)).isEqualTo(kernel.getBytes(StandardCharsets.ISO_8859_1));

        Files.writeString(dir.resolve("project.toml"), TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;")));
        List<TuningRecord> records;
        try (RecordFile out = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(ProjectFile.load(dir.resolve("project.toml")), TuneOptions.defaults(dir.resolve("cache"))).run(out, e -> { });
        }
        assertThat(records).singleElement().satisfies(r -> assertThat(r.status()).as(r.error()).isEqualTo(Status.OK));
    }

    @Test
    void aBinaryFileIsNotATextKernel() throws Exception {
        Path file = dir.resolve("kernel.c");
        Files.write(file, new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1});
        assertThatThrownBy(() -> SourceFiles.read(file)).hasMessage("kernel.c is not a text kernel (it holds NUL bytes; is it a binary file?)");
    }

    @Test
    void aKernelWrittenOnAFullDiskIsLeftWhole() throws Exception {
        try (var disk = Jimfs.newFileSystem(Configuration.unix().toBuilder()
                .setMaxSize(16 * 4096).setBlockSize(4096).build())) {
            Path kernel = Files.createDirectories(disk.getPath("/p")).resolve("kernel.c");
            String before = "// tunable\n".repeat(1000);
            Files.writeString(kernel, before);
            String after = before + "// longer\n".repeat(8000);
            assertThatThrownBy(() -> SourceFiles.write(kernel, after))
                    .hasMessageContaining("the disk is full").hasMessageEndingWith("the file is left as it was");
            assertThat(Files.readString(kernel)).isEqualTo(before);
        }
    }
}
