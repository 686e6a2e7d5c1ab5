package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.fixtures.TestProject;

/** A remote target is sent only what the build reads from the project: no link out of the project folder, and the list is said and kept. */
class RemoteUploadsTest {

    @TempDir
    Path dir;

    private Project project() throws Exception {
        Files.writeString(dir.resolve("two.h"), "#define TWO 2.0f\n");
        String kernel = TestProject.SCALE_KERNEL.replace("#include <stddef.h>", "#include <stddef.h>\n#include \"two.h\"");
        return ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * TWO;")),
                "scale.c", kernel));
    }

    @Test
    void aHeaderLinkedOutOfTheProjectIsNeverSent() throws Exception {
        Path outside = Files.createTempDirectory("secret-");
        try {
            Path key = Files.writeString(outside.resolve("id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----\n");
            Files.createSymbolicLink(dir.resolve("x.h"), key);
            Files.createDirectories(dir.resolve(".hidden"));
            Files.writeString(dir.resolve(".hidden/y.h"), "hidden\n");
            Project project = project();
            var target = new RemoteTarget(new RemoteTargetTest.ShellHere(dir.resolve("home"), 0), project, dir.resolve("cache"),
                    Files.createDirectories(dir.resolve("run")), false);
            assertThat(target.sent()).containsExactly("two.h");
            assertThat(Files.readString(target.sentList())).contains("two.h").doesNotContain("x.h").doesNotContain("y.h");
        } finally {
            WorkFolders.deleteQuietly(outside);
        }
    }

    @Test
    void aRunSaysOnceWhatItSendsToTheTarget() throws Exception {
        Project project = project();
        var notices = new ArrayList<String>();
        try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
            var options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().unsteadyRetries(0).build();
            var executor = new LocalExecutor(project, options, new Target.Ssh("test", "here", 0), new RemoteTargetTest.ShellHere(dir.resolve("home"), 0));
            new Tuner(project, options, executor).run(records, e -> {
                if (e instanceof TuningEvent.Notice n) notices.add(n.message());
            });
        }
        assertThat(notices).hasSize(1).first().asString().startsWith("Sent to ssh://test@here with every build").endsWith(": two.h");
    }
}
