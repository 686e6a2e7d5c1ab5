package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.tiers.IntegrationTest;

@EnabledOnOs(OS.LINUX)
@IntegrationTest
class ToolchainTest {

    @TempDir
    Path dir;

    @Test
    void readsTheCompilersVersionLine() throws Exception {
        assertThat(Toolchain.of("gcc -O2 {source} -o {output}").version()).containsIgnoringCase("gcc");
    }

    @Test
    void aMissingCompilerIsNamedWithoutGuessingAPackageForIt() {
        assertThatThrownBy(() -> Toolchain.of("clang-99 -O2 {source} -o {output}")).isInstanceOf(ToolchainException.class)
                .hasMessage("the compiler `clang-99` is not installed (not found on PATH); install it or set [build] command in the project");
    }

    @Test
    void aCompilersVersionIsAskedOnceUntilItsFileChanges() throws Exception {
        Path asked = dir.resolve("asked");
        Path compiler = dir.resolve("counting-cc");
        Files.writeString(compiler, "#!/bin/sh\necho x >> " + asked + "\necho 'counting-cc 1.0'\n");
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwx------"));
        assertThat(Toolchain.of(compiler + " {source} -o {output}").version()).isEqualTo("counting-cc 1.0");
        assertThat(Toolchain.of(compiler + " -O3 {source} -o {output}").version()).isEqualTo("counting-cc 1.0");
        assertThat(Files.readAllLines(asked)).hasSize(1);
        // Upgraded in place: a new file, so asked again.
        Files.writeString(compiler, "#!/bin/sh\necho x >> " + asked + "\necho 'counting-cc 2.0.1'\n");
        Files.setLastModifiedTime(compiler, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertThat(Toolchain.of(compiler + " {source} -o {output}").version()).isEqualTo("counting-cc 2.0.1");
        assertThat(Files.readAllLines(asked)).hasSize(2);
    }

    @Test
    void aBuildsCompilerKeepsItsTemporaryFilesInTheBuildsOwnFolder() throws Exception {
        Path seen = dir.resolve("tmpdir-seen");
        var settings = new org.tuningworkbench.engine.project.BuildSettings(
                "printf '%s' \"$TMPDIR\" > " + seen + " && gcc -O2 {source} -o {output}", java.time.Duration.ofSeconds(60));
        var builder = new Builder(dir.resolve("cache"), settings, Toolchain.of(settings.command()), dir);
        var launcher = org.tuningworkbench.bridge.Launcher.of(org.tuningworkbench.bridge.Language.C, "k.c", "k",
                java.util.List.of(new org.tuningworkbench.bridge.KernelArg.Value("n", "int", "4")), 1);
        BuildResult built = builder.build("k.c", "void k(int n) { (void)n; }\n", launcher, new org.tuningworkbench.engine.process.ChildProcess());
        assertThat(built).as(built.log()).isInstanceOf(BuildResult.Built.class);
        String tmpdir = Files.readString(seen);
        assertThat(Path.of(tmpdir).getParent()).isEqualTo(dir.resolve("cache"));
        assertThat(Path.of(tmpdir).getFileName().toString()).contains(".tmp-");
    }

    @Test
    @Timeout(value = 40, unit = TimeUnit.SECONDS)
    void aCompilerThatHangsOnVersionIsGivenUpOn() throws Exception {
        Path compiler = dir.resolve("stuck-cc");
        Files.writeString(compiler, "#!/bin/sh\nsleep 300 & wait\n");
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwx------"));
        Toolchain toolchain = Toolchain.of(compiler + " {source} -o {output}");
        assertThat(toolchain.version()).isEqualTo(compiler.toString());
    }
}
