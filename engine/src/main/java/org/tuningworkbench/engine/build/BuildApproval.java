package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.project.Project;

/**
 * What a person approves before a project's own build runs: every command string that reaches a
 * shell (the build command, a harness, a baseline's flags after the build command) and every project file they name or their
 * scripts source ({@link BuildReads}). Its fingerprint changes with any of them, so editing the
 * command, the flags, a script or a file a script sources asks again.
 */
public final class BuildApproval {
    private BuildApproval() {}

    /** Whether the project runs anything besides its language's own build command: then the person is asked first. */
    public static boolean needed(Project project) {
        return project.ownBuildCommand() || project.build().harness().isPresent() || !baselineFlags(project).isEmpty();
    }

    /** The command lines to approve, as they will run (the baseline's flags after the command, each flag one word). */
    public static List<String> commands(Project project) {
        var out = new ArrayList<String>();
        if (!project.build().command().isBlank()) out.add(project.build().command());
        project.build().harness().ifPresent(h -> out.add(h + "   (the harness, once for each config)"));
        String flags = baselineFlags(project);
        if (!flags.isEmpty()) out.add(project.build().command() + " " + ShellWords.quoteEach(flags) + "   (the baseline's build)");
        return out;
    }

    /** The project's files the commands read, shown beside them. */
    public static List<Path> files(Project project) {
        Path kernelDir = project.kernel().source().toAbsolutePath().normalize().getParent();
        return BuildReads.of(project.build().command() + " " + project.build().harness().map(h -> h + " ").orElse("") + baselineFlags(project),
                project.directory(), kernelDir);
    }

    /** The fingerprint of everything approved: {@code projectText} (the project file), the commands and the files' contents. */
    public static String fingerprint(Project project, String projectText) {
        var contents = new TreeMap<String, String>();
        for (Path file : files(project)) {
            try {
                contents.put(file.toString(), Fingerprint.ofFile(file));
            } catch (IOException e) {
                contents.put(file.toString(), "unreadable");
            }
        }
        return Fingerprint.of(project.directory().toString(), projectText, String.join("\n", commands(project)), contents.toString());
    }

    private static String baselineFlags(Project project) {
        return project.baseline().map(b -> b.flags() == null ? "" : b.flags().strip()).orElse("");
    }
}
