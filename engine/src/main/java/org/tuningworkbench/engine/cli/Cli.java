package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line of the engine: {@code workbench tune PROJECT ...}. */
@Command(name = "workbench", mixinStandardHelpOptions = true, version = "Tuning Workbench 0.1.0",
        description = "Tunes compute kernels: builds every configuration, runs it in its own process, verifies and records it.",
        subcommands = {TuneCommand.class, BenchCommand.class, ReplayCommand.class, ShowCommand.class, BestCommand.class,
            ApplyBestCommand.class})
public final class Cli {

    private Cli() {}

    /** Runs the command line and returns its exit code; nothing is printed as a stack trace. */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Cli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("workbench: " + e.getMessage());
            err.println("Try 'workbench " + String.join(" ", e.getCommandLine().getCommandSpec().qualifiedName().split(" ")).replaceFirst("^workbench ?", "") + " --help'.");
            return ExitCode.BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.println("workbench: internal error: " + e);
            return ExitCode.IO_ERROR;
        });
        return cli.execute(args);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
