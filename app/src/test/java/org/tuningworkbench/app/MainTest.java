package org.tuningworkbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.app.shell.LaunchOptions;

/** An argument that is neither a command nor a file or folder is bad input, said before a window or a display is needed. */
class MainTest {

    private final Path example = Path.of("../examples/basic-matmul/project.toml");

    @TempDir
    Path dir;

    @Test
    void aMistypedCommandIsNamedWithTheCommandsAndAnExistingPathOpensTheWindow() throws Exception {
        var unknown = Main.unknownArgument(LaunchOptions.parse(List.of("shwo"), example), example);
        assertThat(unknown).hasValueSatisfying(message -> assertThat(message)
                .startsWith("workbench: unknown command or file 'shwo': ")
                .contains("Commands: tune, sweep, replay, show, best, apply-best, report, export, cache, bench, help"));
        assertThat(Main.unknownArgument(LaunchOptions.parse(List.of("--snapshot", "s.png", "missing/project.toml"), example), example))
                .hasValueSatisfying(message -> assertThat(message).contains("'missing/project.toml'"));

        Path kernel = Files.writeString(dir.resolve("k.c"), "void k(void) {}\n");
        assertThat(Main.unknownArgument(LaunchOptions.parse(List.of(), example), example)).isEmpty();
        assertThat(Main.unknownArgument(LaunchOptions.parse(List.of(kernel.toString()), example), example)).isEmpty();
        assertThat(Main.unknownArgument(LaunchOptions.parse(List.of("--snapshot", "s.png", dir.toString()), example), example)).isEmpty();
    }

    @Test
    void theScriptSaysAMistypedCommandBeforeItLooksForADisplay() throws Exception {
        var typo = script("shwo");
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.output()).contains("unknown command or file 'shwo'").contains("Commands: tune, sweep, replay, show").doesNotContain("no display");
        assertThat(script("--snapshot", "s.png", "--view", "variant", "no-such-folder").exit()).isEqualTo(2);

        // A path that is there still goes on to the window, which here has no display to open on.
        var folder = script(dir.toString());
        assertThat(folder.exit()).isEqualTo(3);
        assertThat(folder.output()).contains("there is no display").doesNotContain("unknown command");
    }

    private record Run(int exit, String output) {}

    /** Runs the {@code workbench} script without a display; it answers these before it builds or starts Java. */
    private Run script(String... args) throws Exception {
        var command = new ArrayList<>(List.of("bash", Path.of("..", "workbench").toAbsolutePath().normalize().toString()));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WORKBENCH_UNDER_XVFB");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }
}
