package org.tuningworkbench.app;

import java.util.Set;
import org.tuningworkbench.engine.cli.Cli;

/**
 * The entry point. Engine commands ({@code tune}, {@code --help}) run headless; anything else opens
 * the workbench window. This class does not extend {@code Application}, so JavaFX can live on the
 * module path while the rest of the application stays on the class path.
 */
public final class Main {

    private static final Set<String> COMMANDS = Set.of("tune", "bench", "help", "--help", "-h", "--version", "-V");

    private Main() {}

    public static void main(String[] args) {
        if (args.length > 0 && COMMANDS.contains(args[0])) {
            System.exit(Cli.execute(args));
        }
        System.err.println("The workbench window is not built yet; tune headless with: ./workbench tune examples/basic-matmul/project.toml");
        System.exit(2);
    }
}
