package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tuning a bundled example writes its records beside it: git must not offer them for a commit. */
class RunArtefactsIgnoredTest {

    @Test
    void recordsAndTheirLocksInExamplesAreIgnoredByGit() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.exists(root.resolve(".git")), "not a git work tree");
        var paths = new ArrayList<String>();
        try (var dirs = Files.list(root.resolve("examples"))) {
            for (Path example : dirs.filter(Files::isDirectory).sorted().toList()) {
                String name = "examples/" + example.getFileName();
                paths.addAll(List.of(name + "/records.jsonl", name + "/records.jsonl.lock", name + "/sweep.jsonl", name + "/sweep.jsonl.lock"));
            }
        }
        var command = new ArrayList<>(List.of("git", "-C", root.toString(), "check-ignore", "--no-index", "--verbose", "--non-matching"));
        command.addAll(paths);
        Process git;
        try {
            git = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (java.io.IOException noGit) {
            assumeTrue(false, "git is not installed");
            return;
        }
        String output = new String(git.getInputStream().readAllBytes());
        git.waitFor();
        // --non-matching lists every path; those that no rule ignores start with "::".
        assertThat(output.lines().filter(l -> l.startsWith("::"))).as(output).isEmpty();
        assertThat(output.lines().count()).isEqualTo(paths.size());
    }
}
