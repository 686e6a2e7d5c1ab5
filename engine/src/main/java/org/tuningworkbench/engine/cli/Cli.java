package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line of the engine: {@code workbench tune PROJECT ...}. */
@Command(name = "workbench", mixinStandardHelpOptions = true, version = "Tuning Workbench 0.1.0",
        description = "Tunes compute kernels: builds every configuration, runs it in its own process, verifies and records it.",
        subcommands = {TuneCommand.class, SweepCommand.class, CacheCommand.class, ReplayCommand.class, ShowCommand.class, BestCommand.class, ReportCommand.class,
            ApplyBestCommand.class, ExportCommand.class, CommandLine.HelpCommand.class})
public final class Cli {

    private Cli() {}

    /** Runs the command line and returns its exit code; nothing is printed as a stack trace. */
    public static int execute(String... args) {
        return execute(List.of(), args);
    }

    /**
     * As {@link #execute(String...)}, with {@code more} commands beside the engine's own (picocli
     * {@code @Command} objects): the benchmark, a tool of the project's own, adds itself so.
     */
    public static int execute(List<Object> more, String... args) {
        // A thread of the engine failing is reported in one line, never as a stack trace.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> System.err.println("workbench: internal error in " + thread.getName() + ": " + e));
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), more, args);
    }

    public static int execute(PrintWriter rawOut, PrintWriter rawErr, String... args) {
        return execute(rawOut, rawErr, List.of(), args);
    }

    /** As {@link #execute(PrintWriter, PrintWriter, String...)}, with {@code more} commands beside the engine's own. */
    public static int execute(PrintWriter rawOut, PrintWriter rawErr, List<Object> more, String... args) {
        PrintWriter out = TerminalWriter.of(rawOut);
        PrintWriter err = TerminalWriter.of(rawErr);
        CommandLine cli = new CommandLine(new Cli());
        more.forEach(cli::addSubcommand);
        // Help in plain text: colour codes would be shown as the escapes they are, and an escape is never printed raw.
        cli.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("workbench: " + e.getMessage());
            err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return ExitCode.BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> internalError(err, e));
        try {
            return cli.execute(args);
        } catch (RuntimeException | Error e) {
            // Such as an OutOfMemoryError: one line, and a code that says it is the workbench's fault.
            return internalError(err, e);
        }
    }

    private static int internalError(PrintWriter err, Throwable e) {
        err.println("workbench: internal error (a bug; please report it with this line): " + e);
        err.flush();
        return ExitCode.INTERNAL_ERROR;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
