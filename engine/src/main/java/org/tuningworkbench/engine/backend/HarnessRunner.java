package org.tuningworkbench.engine.backend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.run.RunOutcome;

/**
 * Runs a harness project's variant (its {@link HarnessLauncher} script) in its own session, under
 * the run's time limit, and reads its answer ({@link HarnessResult}). A harness that exits with an
 * error, is killed, hangs, or answers nothing usable ends that config with the reason.
 */
final class HarnessRunner implements ProgramRunner {

    /** The largest result file or standard output read: an answer is one short JSON object. */
    private static final int MAX_ANSWER_CHARS = 16 << 20;

    @Override
    public RunOutcome run(Path program, Path outputDir, MeasureSettings settings, ChildProcess process, Map<String, String> environment)
            throws IOException, InterruptedException {
        Files.createDirectories(outputDir);
        List<String> command = DeviceRunner.command(program.toAbsolutePath().toString(), outputDir.toAbsolutePath().toString(), settings);
        ChildProcess.Exit exit = process.run(command, outputDir, "run", settings.runTimeout(), DeviceRunner.environment(settings, environment));
        Optional<RunOutcome> stopped = DeviceRunner.stopped(exit, settings);
        if (stopped.isPresent()) return stopped.get();
        if (!exit.ok()) return DeviceRunner.crashed(exit, settings);
        String stderr = exit.stderrText(16_000);
        Path resultFile = outputDir.resolve("result.json");
        Optional<String> written = Files.isRegularFile(resultFile) && Files.size(resultFile) <= MAX_ANSWER_CHARS
                ? Optional.of(Files.readString(resultFile)) : Optional.empty();
        try {
            HarnessResult result = HarnessResult.parse(HarnessResult.answerOf(written, exit.stdoutText(MAX_ANSWER_CHARS)));
            return new RunOutcome.Measured(result.timing(), outputDir, exit.time(), stderr, result.metrics());
        } catch (HarnessResult.Refused e) {
            return new RunOutcome.Crashed(e.getMessage(), null, exit.time(), stderr);
        }
    }
}
