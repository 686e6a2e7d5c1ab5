package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * Whatever form the build command takes, editing a file it reads, or a header the kernel includes,
 * changes the kernel's inputs: the build cache's key and the records' identity.
 */
@IntegrationTest
class BuildFormsTest {

    @TempDir
    Path dir;

    /** The kernel includes {@code inc/a.h}, which includes {@code b.h}: two levels deep. */
    private static final String KERNEL = TestProject.SCALE_KERNEL.replace("#include <stddef.h>", "#include <stddef.h>\n#include \"a.h\"");

    private Path project(String command) throws Exception {
        String text = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * TWO;"))
                + "\n[build]\ncommand = \"" + command.replace("\"", "\\\"") + "\"\n";
        return TestProject.write(dir, text, "scale.c", KERNEL);
    }

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    private Path script(String name, String text) throws Exception {
        Path file = write(name, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private String inputs(Path projectFile) throws Exception {
        var project = ProjectFile.load(projectFile);
        return KernelInputs.of(project, project.kernel().source(), Files.createDirectories(dir.resolve("work")), "cpu");
    }

    /** The inputs change when {@code file} is edited, and stay when nothing is. */
    private void editingChangesTheInputs(Path projectFile, Path file) throws Exception {
        String before = inputs(projectFile);
        assertThat(inputs(projectFile)).isEqualTo(before);
        Files.writeString(file, Files.readString(file) + "\n# edited\n".replace("#", file.toString().endsWith(".h") ? "//" : "#"));
        assertThat(inputs(projectFile)).as("after editing " + dir.relativize(file)).isNotEqualTo(before);
    }

    private void headers(String folder) throws Exception {
        write(folder + "/a.h", "#include \"b.h\"\n");
        write(folder + "/b.h", "#define TWO 2.0f\n");
    }

    @Test
    void aScriptGivenToSh() throws Exception {
        headers("inc");
        Path script = write("build.sh", "gcc -O2 -I\"$3\"/inc -DEXTRA=0 \"$1\" -o \"$2\" -lm\n");
        Path file = project("sh {kernel_dir}/build.sh {source} {output} {kernel_dir}");
        editingChangesTheInputs(file, script);
        editingChangesTheInputs(file, dir.resolve("inc/b.h"));
    }

    @Test
    void aScriptGivenToBashAndAFileItSources() throws Exception {
        headers("inc");
        script("build.sh", ". \"$(dirname \"$0\")/flags.sh\"\ngcc $FLAGS \"$1\" -o \"$2\" -lm\n");
        Path sourced = write("flags.sh", "FLAGS=\"-O2 -Iinc\"\n");
        Path file = project("bash build.sh {source} {output}");
        editingChangesTheInputs(file, dir.resolve("build.sh"));
        editingChangesTheInputs(file, sourced);
        editingChangesTheInputs(file, dir.resolve("inc/a.h"));
    }

    @Test
    void aScriptRunItself() throws Exception {
        headers("inc");
        script("build.sh", "#!/bin/sh\nsource ./common.sh\nexec gcc -O2 -Iinc \"$1\" -o \"$2\" -lm\n");
        Path sourced = write("common.sh", "export LC_ALL=C\n");
        Path file = project("./build.sh {source} {output}");
        editingChangesTheInputs(file, dir.resolve("build.sh"));
        editingChangesTheInputs(file, sourced);
    }

    @Test
    void aMakefileGivenWithF() throws Exception {
        headers("inc");
        Path makefile = write("kernel.mk", "include rules.mk\nall:\n\tgcc -O2 -Iinc $(SRC) -o $(OUT) -lm\n");
        Path rules = write("rules.mk", "CFLAGS = -O2\n");
        Path file = project("make -s -f kernel.mk SRC={source} OUT={output}");
        editingChangesTheInputs(file, makefile);
        editingChangesTheInputs(file, rules);
        editingChangesTheInputs(file, dir.resolve("inc/b.h"));
    }

    @Test
    void theMakefileMakeReadsByDefault() throws Exception {
        headers("inc");
        Path makefile = write("Makefile", "all:\n\tgcc -O2 -Iinc $(SRC) -o $(OUT) -lm\n");
        editingChangesTheInputs(project("make SRC={source} OUT={output}"), makefile);
    }

    @Test
    void aHeaderTwoLevelsDeepBesideTheKernel() throws Exception {
        headers(".");
        editingChangesTheInputs(project("gcc -O2 -I{kernel_dir} {source} -o {output} -lm"), dir.resolve("b.h"));
    }

    @Test
    void includeFoldersGivenAsTheirOwnWord() throws Exception {
        for (String flag : List.of("-I", "-isystem", "-iquote")) {
            headers(flag.substring(1));
            Path file = project("gcc -O2 " + flag + " " + flag.substring(1) + " {source} -o {output} -lm");
            editingChangesTheInputs(file, dir.resolve(flag.substring(1) + "/b.h"));
        }
    }

    @Test
    void anIsystemFolderWrittenInOneWord() throws Exception {
        headers("sys");
        editingChangesTheInputs(project("gcc -O2 -isystem{kernel_dir}/sys {source} -o {output} -lm"), dir.resolve("sys/b.h"));
    }

    @Test
    void aFileAfterInclude() throws Exception {
        headers(".");
        Path forced = write("forced.h", "#define FORCED 1\n");
        editingChangesTheInputs(project("gcc -O2 -I{kernel_dir} -include forced.h {source} -o {output} -lm"), forced);
    }

    @Test
    void aProjectsOwnCompilerWrapperIsNotRunAndItsHeadersStillCount() throws Exception {
        headers("inc");
        script("mycc", "#!/bin/sh\ntouch \"$(dirname \"$0\")/wrapper-ran\"\nexec gcc \"$@\"\n");
        Path file = project("./mycc -O2 -Iinc {source} -o {output} -lm");
        editingChangesTheInputs(file, dir.resolve("inc/b.h"));
        editingChangesTheInputs(file, dir.resolve("mycc"));
        assertThat(dir.resolve("wrapper-ran")).doesNotExist();
    }

    @Test
    void aFileOutsideTheProjectIsNotFollowedThroughALink() throws Exception {
        Path outside = Files.createTempDirectory("outside-");
        try {
            Path secret = Files.writeString(outside.resolve("secret.sh"), "KEY=1\n");
            script("build.sh", ". ./link.sh\nexec gcc -O2 \"$1\" -o \"$2\" -lm\n");
            Files.createSymbolicLink(dir.resolve("link.sh"), secret);
            headers(".");
            var project = ProjectFile.load(project("./build.sh {source} {output}"));
            assertThat(BuildReads.of(project.build().command(), dir, dir)).containsExactly(dir.resolve("build.sh").toRealPath());
        } finally {
            org.tuningworkbench.engine.WorkFolders.deleteQuietly(outside);
        }
    }

    @Test
    void aScriptsEditedHeaderMeasuresAgainAndAFreshRunBuildsAgain() throws Exception {
        headers("inc");
        Path file = project("sh build.sh {source} {output}");
        write("build.sh", "exec gcc -O2 -Iinc \"$1\" -o \"$2\" -lm\n");
        assertThat(tune(file, true)).containsExactly(false);
        assertThat(tune(file, true)).containsExactly(true);
        // The header makes the kernel wrong: a stale program or record would still pass.
        write("inc/b.h", "#define TWO 3.0f\n");
        assertThat(tune(file, true)).containsExactly(false);
        assertThat(lastStatus).isEqualTo(Status.WRONG_RESULT);
        assertThat(lastBuildCached).isFalse();
        // Back as it was: the first run's program is in the cache under this key, and a fresh run builds it again all the same.
        write("inc/b.h", "#define TWO 2.0f\n");
        assertThat(tune(file, false)).containsExactly(false);
        assertThat(lastStatus).isEqualTo(Status.OK);
        assertThat(lastBuildCached).isFalse();
        assertThat(tune(file, true)).containsExactly(true);
    }

    private Status lastStatus;
    private Boolean lastBuildCached;

    /** Tunes; whether each config's record was taken from the record file. */
    private List<Boolean> tune(Path file, boolean resume) throws Exception {
        var resumed = new ArrayList<Boolean>();
        lastBuildCached = null;
        try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
            new Tuner(ProjectFile.load(file), TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(resume).build()).run(records, e -> {
                if (e instanceof TuningEvent.Built b && b.result() instanceof BuildResult.Built built) lastBuildCached = built.cached();
                if (e instanceof TuningEvent.Finished f) {
                    lastStatus = f.record().status();
                    resumed.add(f.resumed());
                }
            });
        }
        return resumed;
    }
}
