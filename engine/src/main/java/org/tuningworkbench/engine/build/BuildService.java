package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.Project;

/**
 * The one way a project's sources become programs: the toolchain, the generated launcher and the
 * build cache, on a bounded pool of build jobs. The tuner, the confirmation and the benchmark all
 * build through it. {@link #quietGate()} lets a measurement hold builds off while it runs.
 */
public final class BuildService implements AutoCloseable {

    private final Project project;
    private final BuildRecipe recipe;
    private final Toolchain toolchain;
    private final ExecutorService pool;
    private final Set<ChildProcess> running = ConcurrentHashMap.newKeySet();
    private final Map<String, ProgramBuilder> builders = new ConcurrentHashMap<>();
    /** The builder of a build command (the project's, with a baseline's flags after it). */
    private final java.util.function.Function<BuildSettings, ProgramBuilder> builderFor;
    private final ReadWriteLock quiet = new ReentrantReadWriteLock(true);
    private final boolean gated;
    private final String inputs;
    private volatile boolean stopped;
    /** Builds again what was built before, once each in this service's life ({@link #buildAgain()}). */
    private volatile boolean again;
    private final Set<String> builtAgain = ConcurrentHashMap.newKeySet();

    /**
     * @param jobs         builds at once
     * @param gated        builds wait while a measurement holds {@link #quietGate()}'s write side
     * @param launchPrefix words put before the build's shell (such as {@code taskset -c 0})
     * @param inputs       what else the builds read ({@link KernelInputs}), part of the cache's key
     */
    public BuildService(Project project, BuildRecipe recipe, Toolchain toolchain, Path cacheDir, int jobs, boolean gated, List<String> launchPrefix,
                        String inputs) {
        this(project, recipe, toolchain, cacheDir, jobs, gated, launchPrefix, inputs, null);
    }

    /** As the other constructor, with {@code builderFor} making the builder of each build command (null: on this machine). */
    public BuildService(Project project, BuildRecipe recipe, Toolchain toolchain, Path cacheDir, int jobs, boolean gated, List<String> launchPrefix,
                        String inputs, java.util.function.Function<BuildSettings, ProgramBuilder> builderFor) {
        this.recipe = recipe;
        this.builderFor = builderFor != null ? builderFor : settings -> new Builder(cacheDir.resolve("builds"), settings, toolchain,
                project.kernel().source().toAbsolutePath().getParent(), project.directory(), launchPrefix, inputs);
        this.project = project;
        this.toolchain = toolchain;
        this.gated = gated;
        this.inputs = inputs;
        this.pool = Executors.newFixedThreadPool(jobs, Thread.ofPlatform().daemon().name("build-", 0).factory());
    }

    /** A service for building a project's kernel: its inputs read first, so the cache's key covers them. */
    public static BuildService forKernel(Project project, BuildRecipe recipe, Path cacheDir, int jobs, boolean gated, List<String> launchPrefix)
            throws ToolchainException, IOException, InterruptedException {
        Toolchain toolchain = recipe.toolchain();
        Files.createDirectories(cacheDir);
        return new BuildService(project, recipe, toolchain, cacheDir, jobs, gated, launchPrefix, KernelInputs.of(project, project.kernel().source(), cacheDir));
    }

    /** From now on, each source is built anew the first time it is asked for, replacing the program built before (a fresh run). */
    public BuildService buildAgain() {
        again = true;
        return this;
    }

    /** What else the kernel's builds read, as part of their key. */
    public String inputs() {
        return inputs;
    }

    public Toolchain toolchain() {
        return toolchain;
    }

    /** Starts building {@code text} (saved as {@code fileName}) calling {@code entry}, with {@code extraFlags} after the project's command. */
    public Future<BuildResult> submit(String fileName, String text, String entry, String extraFlags) {
        return submit(fileName, text, entry, extraFlags, Map.of());
    }

    /** As {@link #submit(String, String, String, String)}, for the config {@code params} (which may decide a device kernel's work sizes). */
    public Future<BuildResult> submit(String fileName, String text, String entry, String extraFlags, Map<String, String> params) {
        if (stopped) return CompletableFuture.completedFuture(cancelled());
        try {
            return pool.submit(() -> build(fileName, text, entry, extraFlags, params));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Stopped (a signal, Stop) or closed between the check and the submit: the build never starts.
            return CompletableFuture.completedFuture(cancelled());
        }
    }

    /** Builds now, on the calling thread. */
    public BuildResult build(String fileName, String text, String entry, String extraFlags) throws IOException, InterruptedException {
        return build(fileName, text, entry, extraFlags, Map.of());
    }

    /** Builds now for the config {@code params}, on the calling thread. */
    public BuildResult build(String fileName, String text, String entry, String extraFlags, Map<String, String> params)
            throws IOException, InterruptedException {
        var process = new ChildProcess();
        running.add(process);
        try {
            if (stopped) return cancelled();
            ProgramBuilder builder = builder(recipe.command(fileName), extraFlags);
            Launcher launcher = recipe.launcher(fileName, entry, params);
            boolean anew = again && builtAgain.add(fileName + "\u0000" + text + "\u0000" + entry + "\u0000" + extraFlags + "\u0000" + params);
            // A build made before is only looked up: it need not wait for a measurement to end.
            var reused = anew ? java.util.Optional.<BuildResult>empty() : builder.reuse(fileName, text, launcher);
            if (reused.isPresent()) return reused.get();
            if (gated) quiet.readLock().lockInterruptibly();
            try {
                if (stopped) return cancelled();
                return builder.build(fileName, text, launcher, process, anew);
            } finally {
                if (gated) quiet.readLock().unlock();
            }
        } finally {
            running.remove(process);
        }
    }

    /**
     * The builder of a build command. The extra flags (a baseline's) reach the shell quoted word by word: {@code -lm; touch x} is
     * three words for the compiler, never a command.
     */
    private ProgramBuilder builder(String command, String extraFlags) {
        return builders.computeIfAbsent(command + "\u0000" + extraFlags, key -> builderFor.apply(
                new BuildSettings((command + " " + ShellWords.quoteEach(extraFlags)).strip(), project.build().timeout(), project.build().harness(),
                        project.build().deviceFlags())));
    }

    /** Held for writing by a measurement in quiet mode: no build runs meanwhile. */
    public ReadWriteLock quietGate() {
        return quiet;
    }

    /** Kills every running build; later ones do not start. */
    public void stop() {
        stopped = true;
        running.forEach(ChildProcess::cancel);
        pool.shutdownNow();
    }

    private static BuildResult cancelled() {
        return new BuildResult.Failed("cancelled", java.time.Duration.ZERO, "", List.of());
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
