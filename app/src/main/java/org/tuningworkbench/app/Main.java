package org.tuningworkbench.app;

import java.util.List;
import java.util.Set;
import org.tuningworkbench.app.install.WorkbenchHome;
import org.tuningworkbench.app.project.Examples;
import org.tuningworkbench.app.shell.LaunchOptions;
import org.tuningworkbench.app.shell.Prerequisites;
import org.tuningworkbench.app.shell.WorkbenchApp;
import org.tuningworkbench.engine.cli.Cli;

/**
 * The entry point. Engine commands ({@code tune}, {@code --help}) run headless; anything else opens
 * the workbench window ({@code [PROJECT|KERNEL]}, {@code --snapshot FILE.png [--run]}). This class
 * does not extend {@code Application}, so JavaFX can live on the module path while the rest of the
 * application stays on the class path.
 */
public final class Main {

    /** The engine's commands, in the order a mistyped one lists them. */
    static final List<String> COMMAND_NAMES = List.of("tune", "sweep", "replay", "show", "best", "apply-best", "report", "export", "cache", "bench", "help");

    private static final Set<String> COMMANDS = java.util.stream.Stream.concat(COMMAND_NAMES.stream(), java.util.stream.Stream.of("--help", "-h", "--version", "-V"))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    private Main() {}

    public static void main(String[] args) {
        WorkbenchHome.settle(System.getProperties(), System.getenv());
        if (args.length > 0 && args[0].equals("bench")) {
            // The benchmark is its own module, a tool of the project's, which ./workbench puts on the class path.
            System.err.println("workbench: the benchmark runs from a checkout of the source: ./workbench bench (docs/methods.md)");
            System.exit(2);
        }
        if (args.length > 0 && COMMANDS.contains(args[0])) {
            System.exit(Cli.execute(args));
        }
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(List.of(args), Examples.home().resolve("examples/basic-matmul/project.toml"));
        } catch (IllegalArgumentException e) {
            System.err.println("workbench: " + e.getMessage());
            System.err.println(LaunchOptions.USAGE);
            System.exit(2);
            return;
        }
        var unknown = unknownArgument(options, Examples.home().resolve("examples/basic-matmul/project.toml"));
        if (unknown.isPresent()) {
            System.err.println(unknown.get());
            System.exit(2);
            return;
        }
        var problem = Prerequisites.windowProblem();
        if (problem.isPresent()) {
            System.err.println(problem.get());
            System.exit(3);
            return;
        }
        WorkbenchApp.launch(options);
        System.exit(0);
    }

    /**
     * What to say when the window is asked to open what is not there: an argument that is neither a
     * command nor a file or folder (a mistyped command, {@code workbench shwo}) is bad input, said
     * before the window or a display is needed. Empty when {@code options} open what exists, or the
     * bundled example ({@code defaultProject}) when no project was given. The {@code workbench}
     * script says the same before it looks for a display.
     */
    static java.util.Optional<String> unknownArgument(LaunchOptions options, java.nio.file.Path defaultProject) {
        var project = options.project();
        if (project.equals(defaultProject) || java.nio.file.Files.exists(project)) return java.util.Optional.empty();
        return java.util.Optional.of("workbench: unknown command or file '" + project + "': no command has that name and no file or folder is at that path\n"
                + "  Commands: " + String.join(", ", COMMAND_NAMES) + " (workbench help COMMAND tells one's options)\n"
                + "  Or open a project, a kernel or a recorded space in the window: workbench [PROJECT|KERNEL]");
    }

}
