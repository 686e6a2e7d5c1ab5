package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.build.ProgramBuilder;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.run.RunOutcome;

/**
 * A remote target as the executor sees it: variants are built there (each a job carrying the
 * variant, the launcher, the harness and the project's headers) and kept in the target's own build
 * cache, then run there with the same harness; each job's answer is a {@link MeasurementFile},
 * unpacked into the local output folder that verification reads. Locally, a build is a folder
 * under {@code CACHE/targets} named by its key, where the golden outputs of a reference are kept.
 */
final class RemoteTarget implements ProgramRunner {

    /** Project files sent with every build besides those the build reads (headers of the project), and their limits. */
    private static final List<String> STAGED = List.of(".h", ".hh", ".hpp", ".hxx", ".inc", ".inl", ".cuh", ".cl", ".def");
    private static final long MAX_STAGED_BYTES = 8L << 20;

    /** What the target said about itself. */
    record Probe(String node, String modelLine, String flagsLine, int cores, String toolchain) {

        /** The device class (as {@link Device#localCpu()} words it, so identical machines share records) and this instance. */
        Device device(String target) {
            String model = modelLine.contains(":") ? modelLine.substring(modelLine.indexOf(':') + 1).strip() : "unknown CPU";
            return new Device("cpu", model + ", " + cores + " cores", "host " + node + " via " + target);
        }

        /** The CPU as a {@code -march=native} build there targets it. */
        String buildTarget() {
            return KernelInputs.target(modelLine, flagsLine);
        }
    }

    private final RemoteShell shell;
    private final Project project;
    private final Path runDir;
    private final Path localBuilds;
    private final boolean pin;
    private final Map<String, byte[]> projectFiles;
    private final String kernelDir;
    private String deviceClass = "";
    /** The node that answered last (on a cluster, each job may run on another). */
    private volatile String node = "";

    RemoteTarget(RemoteShell shell, Project project, Path cacheDir, Path runDir, boolean pin) throws IOException {
        this.shell = shell;
        this.project = project;
        this.runDir = runDir;
        this.pin = pin;
        this.localBuilds = cacheDir.resolve("targets").resolve(Fingerprint.of(shell.target()));
        Path projectDir = project.directory().toAbsolutePath().normalize();
        Path kernelFolder = project.kernel().source().toAbsolutePath().normalize().getParent();
        if (!kernelFolder.startsWith(projectDir)) {
            throw new IOException("the kernel " + project.kernel().source() + " is outside the project folder " + projectDir
                    + "; a remote target is sent the project folder's headers, so keep the kernel inside it");
        }
        this.kernelDir = projectDir.relativize(kernelFolder).toString();
        this.projectFiles = stagedFiles(project, projectDir, runDir);
    }

    /**
     * The project files sent with every build, by their path in the project folder; what is sent is
     * written to {@code CACHE/targets/TARGET/sent.txt} too, the record of what left this machine.
     */
    List<String> sent() throws IOException {
        var names = List.copyOf(projectFiles.keySet());
        Files.createDirectories(localBuilds);
        SafeWrite.write(sentList(), "# project files sent to " + target() + " with every build of " + project.directory() + "\n"
                + String.join("\n", names) + (names.isEmpty() ? "" : "\n"));
        return names;
    }

    String target() {
        return shell.target();
    }

    /** Where the list of the files sent to this target is kept. */
    Path sentList() {
        return localBuilds.resolve("sent.txt");
    }

    /** Which machine measured last, as records name their instance. */
    String instance() {
        return "host " + node + " via " + target();
    }

    /** Cancels the jobs still queued there. */
    void cancelAll() {
        shell.cancelAll();
    }

    /** Asks the target what it is; {@code compiler} is the build command's program, probed for its version when it is a compiler. */
    Probe probe(String compiler, ChildProcess process) throws IOException, InterruptedException {
        Path jobDir = Files.createTempDirectory(runDir, "probe-");
        try {
            MeasurementFile answer = shell.run(RemoteScript.probe(compiler), jobDir, Duration.ofSeconds(60), false, process)
                    .orElseThrow(() -> new InterruptedException("stopped while asking " + target() + " what it is"));
            int cores;
            try {
                cores = Integer.parseInt(answer.required("cores").strip());
            } catch (NumberFormatException e) {
                throw new MeasurementFile.Damaged("the target's core count is not a number: " + answer.required("cores"));
            }
            Probe probe = new Probe(answer.required("node").strip(), answer.required("cpu_model").strip(), answer.required("cpu_flags").strip(),
                    cores, answer.text("toolchain").map(String::strip).orElse(""));
            deviceClass = probe.device(target()).identity();
            node = probe.node();
            return probe;
        } finally {
            WorkFolders.deleteQuietly(jobDir);
        }
    }

    /** The builder of {@code settings}'s command there; {@code toolchain} and {@code inputs} are part of each build's key. */
    ProgramBuilder builder(BuildSettings settings, String toolchain, String inputs) {
        return (kernelFileName, kernelText, launcher, process) -> build(settings, toolchain, inputs, kernelFileName, kernelText, launcher, process);
    }

    private BuildResult build(BuildSettings settings, String toolchain, String inputs, String kernelFileName, String kernelText, Launcher launcher,
                              ChildProcess process) throws IOException, InterruptedException {
        var companions = new java.util.TreeMap<>(launcher.companions(kernelText));
        var parts = new java.util.ArrayList<>(List.of(kernelFileName, kernelText, launcher.source(), settings.command(), toolchain, inputs,
                "target " + deviceClass));
        companions.forEach((name, text) -> parts.add(name + "\n" + text));
        String key = Fingerprint.of(parts.toArray(String[]::new));
        var files = new LinkedHashMap<String, byte[]>();
        files.put(kernelFileName, kernelText.getBytes(SourceFiles.charsetFor(project.kernel().source().toAbsolutePath().getParent().resolve(kernelFileName), kernelText)));
        companions.forEach((name, text) -> files.put(name, text.getBytes(StandardCharsets.UTF_8)));
        files.put(launcher.fileName(), launcher.source().getBytes(StandardCharsets.UTF_8));
        String script = RemoteScript.build(key, files, projectFiles, kernelDir, settings.command(), launcher.fileName(), settings.timeout().toSeconds());
        Path jobDir = Files.createTempDirectory(runDir, "build-");
        try {
            Optional<MeasurementFile> answer = shell.run(script, jobDir, settings.timeout(), false, process);
            if (answer.isEmpty()) return new BuildResult.Failed("cancelled", Duration.ZERO, "", List.of());
            int code = number(answer.get(), "build_exit");
            String log = answer.get().text("build_log").orElse("");
            Duration time = Duration.ofMillis(number(answer.get(), "build_ms"));
            var diagnostics = Diagnostic.parse(log, kernelFileName, project.directory());
            if (code == 0) {
                Path program = localBuilds.resolve(key).resolve("variant");
                return new BuildResult.Built(program, time, answer.get().text("cached").orElse("0").equals("1"), log, diagnostics);
            }
            String reason = code == 124 || code == 137 ? "the build ran longer than " + settings.timeout().toSeconds() + " s on " + target()
                    : log.contains("the build command wrote no program") ? "the build command wrote no program at {output}"
                    : "the build command failed on " + target() + " (exit code " + code + ")";
             return new BuildResult.Failed(reason, time, log, diagnostics);
        } finally {
            WorkFolders.deleteQuietly(jobDir);
        }
    }

    @Override
    public RunOutcome run(Path program, Path outputDir, MeasureSettings settings, ChildProcess process, Map<String, String> environment)
            throws IOException, InterruptedException {
        String key = program.getParent().getFileName().toString();
        List<String> arguments = DeviceRunner.command("", "", settings).subList(2, 5);
        var env = new LinkedHashMap<>(DeviceRunner.environment(settings, environment));
        env.remove("TW_CPU");
        List<String> outputs = project.inputs().outputs().stream().map(KernelArg.Buffer::name).toList();
        String script = RemoteScript.run(key, arguments, env, pin, settings.runTimeout().toSeconds(), outputs);
        Path jobDir = Files.createTempDirectory(runDir, "measure-");
        try {
            Optional<MeasurementFile> answer = shell.run(script, jobDir, settings.runTimeout(), true, process);
            if (answer.isEmpty()) return new RunOutcome.Cancelled(Duration.ZERO, "");
            return unpack(answer.get(), outputDir, settings);
        } finally {
            WorkFolders.deleteQuietly(jobDir);
        }
    }

    /** The answer's files put where the harness would have written them here, and its exit judged as a local run's. */
    private RunOutcome unpack(MeasurementFile answer, Path outputDir, MeasureSettings settings) throws IOException {
        answer.text("node").ifPresent(n -> node = n.strip());
        var missing = answer.text("missing");
        if (missing.isPresent()) throw new MeasurementLost(target() + ": " + missing.get());
        Files.createDirectories(outputDir);
        for (var entry : answer.entries().entrySet()) {
            String name = entry.getKey();
            if (name.equals("timing.txt")) Files.write(outputDir.resolve(name), entry.getValue());
            if (name.startsWith("output/")) {
                String file = name.substring("output/".length());
                if (file.contains("/") || file.startsWith(".")) throw new MeasurementFile.Damaged("the answer names an output outside its folder: " + name);
                Files.write(outputDir.resolve(file), entry.getValue());
            }
        }
        Path stderr = outputDir.resolve("run.stderr");
        Path stdout = outputDir.resolve("run.stdout");
        Files.write(stderr, answer.bytes("stderr").orElse(new byte[0]));
        Files.write(stdout, new byte[0]);
        int code = number(answer, "exit");
        var exit = new ChildProcess.Exit(code, code == 124, false, Duration.ofMillis(number(answer, "run_ms")), stdout, stderr);
        return DeviceRunner.outcome(exit, outputDir, settings);
    }

    private static int number(MeasurementFile answer, String entry) throws MeasurementFile.Damaged {
        String text = answer.required(entry).strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new MeasurementFile.Damaged("the answer's `" + entry + "` is not a number: " + text);
        }
    }

    /**
     * What a build there reads from the project, by path in the project folder: the files the build
     * command and its scripts name and the headers the sources include ({@link KernelInputs#files}),
     * and the project's other headers. Only files inside the project folder are sent, and none
     * through a link that leads out of it (a header linked to a key is never sent); hidden ones never.
     */
    private static Map<String, byte[]> stagedFiles(Project project, Path projectDir, Path workDir) throws IOException {
        Path realProject = projectDir.toRealPath();
        var candidates = new java.util.TreeSet<Path>();
        try {
            for (Path file : KernelInputs.files(project, project.kernel().source(), workDir)) {
                if (file.startsWith(projectDir)) candidates.add(file);
                else if (file.startsWith(realProject)) candidates.add(projectDir.resolve(realProject.relativize(file)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("stopped while listing the files a build reads");
        }
        try (Stream<Path> files = Files.walk(projectDir, 4)) {
            files.filter(f -> STAGED.stream().anyMatch(f.toString()::endsWith)).forEach(candidates::add);
        }
        var out = new LinkedHashMap<String, byte[]>();
        long total = 0;
        for (Path file : candidates) {
            String relative = projectDir.relativize(file).toString();
            if (relative.startsWith(".") || relative.contains("/.") || !Files.isRegularFile(file)) continue;
            if (!file.toRealPath().startsWith(realProject)) continue;
            total += Files.size(file);
            if (total > MAX_STAGED_BYTES) {
                throw new IOException("the project files a build reads pass " + (MAX_STAGED_BYTES >> 20) + " MiB; a remote target is sent them with every build");
            }
            out.put(relative, Files.readAllBytes(file));
        }
        return out;
    }
}
