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

@EnabledOnOs(OS.LINUX)
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
    @Timeout(value = 40, unit = TimeUnit.SECONDS)
    void aCompilerThatHangsOnVersionIsGivenUpOn() throws Exception {
        Path compiler = dir.resolve("stuck-cc");
        Files.writeString(compiler, "#!/bin/sh\nsleep 300 & wait\n");
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwx------"));
        Toolchain toolchain = Toolchain.of(compiler + " {source} -o {output}");
        assertThat(toolchain.version()).isEqualTo(compiler.toString());
    }
}
