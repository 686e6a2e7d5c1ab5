package org.tuningworkbench.app;

import java.util.List;
import java.util.Set;
import org.tuningworkbench.app.install.WorkbenchHome;
import org.tuningworkbench.app.project.Examples;
import org.tuningworkbench.app.shell.LaunchOptions;
import org.tuningworkbench.app.shell.WorkbenchApp;
import org.tuningworkbench.engine.cli.Cli;

/**
 * The entry point. Engine commands ({@code tune}, {@code --help}) run headless; anything else opens
 * the workbench window ({@code [PROJECT|KERNEL]}, {@code --snapshot FILE.png [--run]}). This class
 * does not extend {@code Application}, so JavaFX can live on the module path while the rest of the
 * application stays on the class path.
 */
public final class Main {

    private static final Set<String> COMMANDS = Set.of("tune", "cache", "bench", "replay", "show", "best", "apply-best", "report", "help", "--help", "-h", "--version", "-V");

    private Main() {}

    public static void main(String[] args) {
        WorkbenchHome.settle(System.getProperties(), System.getenv());
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
        var problem = org.tuningworkbench.app.shell.Prerequisites.windowProblem();
        if (problem.isPresent()) {
            System.err.println(problem.get());
            System.exit(3);
            return;
        }
        WorkbenchApp.launch(options);
        System.exit(0);
    }

}
