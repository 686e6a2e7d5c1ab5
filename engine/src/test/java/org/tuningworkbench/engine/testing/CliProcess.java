package org.tuningworkbench.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** The command line in a JVM of its own, as a person starts it: to be signalled or killed without harm to the tests. */
public final class CliProcess {

    public final Process process;
    public final Path log;

    private CliProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts {@code workbench ARGS}, its stdout and stderr going to {@code log}. */
    public static CliProcess start(Path log, String... args) throws IOException {
        return start(log, java.util.Map.of(), args);
    }

    /** As {@link #start(Path, String...)}, with {@code environment} added to the process's. */
    public static CliProcess start(Path log, java.util.Map<String, String> environment, String... args) throws IOException {
        var command = new ArrayList<String>();
        // The signals a test sends are the command line's to handle: a test run under nohup (SIGHUP ignored) or in a
        // shell's background (SIGINT ignored) would hand that on, and the JVM leaves a signal ignored at its start ignored.
        if (DEFAULT_SIGNALS) command.addAll(List.of("env", "--default-signal=HUP,INT,TERM"));
        command.addAll(List.of(ProcessHandle.current().info().command().orElseThrow(), "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "org.tuningworkbench.engine.cli.Cli"));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        return new CliProcess(process, log);
    }

    /** Whether {@code env} can reset signals to their default handling (GNU coreutils 8.31 and later). */
    private static final boolean DEFAULT_SIGNALS = resetsSignals();

    private static boolean resetsSignals() {
        try {
            return new ProcessBuilder("env", "--default-signal=HUP", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits until {@code condition} holds or the process ends; false when it did not hold within {@code limit}. */
    public boolean awaitWhileAlive(BooleanSupplier condition, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (!process.isAlive() || System.nanoTime() > deadline) return false;
            Thread.sleep(20);
        }
        return true;
    }

    public void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
    }

    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }

    /** Non-blank lines of a file, 0 when it is missing. */
    public static int lines(Path file) {
        try {
            return Files.exists(file) ? (int) Files.readAllLines(file).stream().filter(l -> !l.isBlank()).count() : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
