package org.tuningworkbench.engine.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.MeasureSettings;

/**
 * Runs a built variant in its own process on this machine, so a crash or hang of the kernel harms
 * nothing else; {@link #outcome} judges how it ended, wherever it ran.
 */
public final class DeviceRunner implements ProgramRunner {

    private static final Map<Integer, String> SIGNALS = Map.of(
            4, "SIGILL", 6, "SIGABRT", 7, "SIGBUS", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM", 24, "SIGXCPU");

    /**
     * What a program that failed to allocate prints: the harness's own message (also for a fault
     * right after malloc returned NULL at the limit), C++'s std::bad_alloc, strerror(ENOMEM), Python's MemoryError.
     */
    private static final Pattern ALLOCATION_FAILED = Pattern.compile("(?i)out of memory|bad_alloc|cannot allocate memory|\\bMemoryError\\b");

    private static final int SIGKILL = 9;

    /** The harness's report of a damaged guard zone (one line per buffer; the first is kept) or of an access that faulted in a fence. */
    private static final Pattern OUT_OF_BOUNDS = Pattern.compile("tw-launcher: out of bounds: the kernel ((?:wrote|read|read or wrote) outside buffer .*)");

    /** Runs {@code program}, which writes its outputs and timings into {@code outputDir}. */
    public RunOutcome run(Path program, Path outputDir, MeasureSettings settings, ChildProcess process)
            throws IOException, InterruptedException {
        return run(program, outputDir, settings, process, Map.of());
    }

    /** As {@link #run(Path, Path, MeasureSettings, ChildProcess)}, with {@code environment} changes for the program (see {@link Affinity}). */
    @Override
    public RunOutcome run(Path program, Path outputDir, MeasureSettings settings, ChildProcess process, Map<String, String> environment)
            throws IOException, InterruptedException {
        Files.createDirectories(outputDir);
        List<String> command = command(program.toAbsolutePath().toString(), outputDir.toAbsolutePath().toString(), settings);
        var programEnvironment = new java.util.HashMap<>(environment(settings, environment));
        // The harness makes its own session here, where its group is ended with it (ChildProcess), and not on a remote target.
        programEnvironment.put(ChildProcess.OWN_SESSION_ENV, "1");
        ChildProcess.Exit exit = process.run(command, outputDir, "run", settings.runTimeout(), programEnvironment);
        return outcome(exit, outputDir, settings);
    }

    /** The harness's command line: the program, where it writes, and the measurement settings. */
    public static List<String> command(String program, String outputDir, MeasureSettings settings) {
        return List.of(program, outputDir, Double.toString(settings.warmupMs()), Integer.toString(settings.repeat()),
                Double.toString(settings.minSampleMs()));
    }

    /** The program's environment changes: {@code environment} and what the settings add. */
    public static Map<String, String> environment(MeasureSettings settings, Map<String, String> environment) {
        if (settings.warmupCalls() <= 0 && settings.memoryLimitBytes() <= 0) return environment;
        var out = new java.util.HashMap<>(environment);
        if (settings.warmupCalls() > 0) out.put("TW_WARMUP_CALLS", Integer.toString(settings.warmupCalls()));
        // The harness limits its own address space (RLIMIT_AS) first thing, with no shell in between.
        if (settings.memoryLimitBytes() > 0) out.put("TW_MEMORY_LIMIT_KB", Long.toString(Math.max(1, settings.memoryLimitBytes() / 1024)));
        return out;
    }

    /** How a run of the harness ended, from its exit and what it wrote into {@code outputDir}. */
    public static RunOutcome outcome(ChildProcess.Exit exit, Path outputDir, MeasureSettings settings) throws IOException {
        String stderr = exit.stderrText(16_000);
        var stopped = stopped(exit, settings);
        if (stopped.isPresent()) return stopped.get();
        if (exit.code() == Launcher.EXIT_OUT_OF_BOUNDS) {
            var written = OUT_OF_BOUNDS.matcher(stderr);
            if (written.find()) return new RunOutcome.OutOfBounds(written.group(1), exit.time(), stderr);
        }
        if (exit.code() == Launcher.EXIT_KERNEL_NOT_BUILT) return new RunOutcome.KernelNotBuilt(exit.stderrText(64_000), exit.time(), stderr);
        if (exit.code() == Launcher.EXIT_OVER_DEVICE_LIMITS) {
            String reason = stderr.lines().filter(l -> l.startsWith(Launcher.OVER_DEVICE_LIMITS)).findFirst()
                    .map(l -> l.substring(Launcher.OVER_DEVICE_LIMITS.length())).orElse("the kernel needs more than the device gives");
            return new RunOutcome.OverDeviceLimits(reason, exit.time(), stderr);
        }
        Path timing = outputDir.resolve("timing.txt");
        if (exit.code() != 0 || !Files.isRegularFile(timing)) return crashed(exit, settings);
        return new RunOutcome.Measured(Timing.read(timing), outputDir, exit.time(), stderr);
    }

    /**
     * How a program run by the tuner (the C harness, a project's own harness) ended when it did not end
     * of itself: stopped by the user (cancelled) or at the run's time limit; empty when it ended of itself.
     */
    public static Optional<RunOutcome> stopped(ChildProcess.Exit exit, MeasureSettings settings) {
        if (exit.cancelled()) return Optional.of(new RunOutcome.Cancelled(exit.time(), exit.stderrText(16_000)));
        if (exit.timedOut()) return Optional.of(new RunOutcome.TimedOut(settings.runTimeout(), exit.time(), exit.stderrText(16_000)));
        return Optional.empty();
    }

    /**
     * A program that ended of itself without a usable answer (an exit code, a signal): out of memory
     * when an allocation failed or it was killed outright though not by the tuner (the system's OOM
     * killer, the memory limit), else a crash described by {@link #describe}.
     */
    public static RunOutcome.Crashed crashed(ChildProcess.Exit exit, MeasureSettings settings) {
        String stderr = exit.stderrText(16_000);
        Integer signal = exit.signal().orElse(null);
        if (outOfMemory(signal, stderr)) {
            String limit = settings.memoryLimitMb() > 0 ? "measure.memory_limit_mb = " + settings.memoryLimitMb() : "no memory limit set";
            return new RunOutcome.Crashed("ran out of memory (" + limit + "); " + describe(exit), signal, exit.time(), stderr, true);
        }
        return new RunOutcome.Crashed(describe(exit), signal, exit.time(), stderr);
    }

    /**
     * An allocation failed, or the program was killed outright though not by us (it did not time
     * out and was not cancelled): that is the system's OOM killer.
     */
    private static boolean outOfMemory(Integer signal, String stderr) {
        return (signal != null && signal == SIGKILL) || ALLOCATION_FAILED.matcher(stderr).find();
    }

    /** How a program's run ended, in words: {@code killed by signal 11 (SIGSEGV)}, {@code exited with code 2}. */
    public static String describe(ChildProcess.Exit exit) {
        if (exit.signal().isPresent()) {
            int signal = exit.signal().get();
            return "killed by signal " + signal + " (" + SIGNALS.getOrDefault(signal, "SIG" + signal) + ")";
        }
        if (exit.code() == 0) return "exited without writing its timings";
        return "exited with code " + exit.code();
    }

    /** The name of a signal number, such as SIGSEGV for 11. */
    public static String signalName(int signal) {
        return SIGNALS.getOrDefault(signal, "SIG" + signal);
    }
}
