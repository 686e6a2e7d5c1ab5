package org.tuningworkbench.engine.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.DeviceSettings;
import org.tuningworkbench.engine.project.Inputs;
import org.tuningworkbench.engine.project.Work;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.search.Prior;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.exec.TuningException;

/**
 * One tuning run replayed on a recorded space: the engine's own tuning loop ({@link Tuner}) with the
 * strategy, budget and seed given, every trial answered by a {@link ReplayExecutor}. A grid walks the
 * space in its recorded order, as a brute-force search does, so it stands apart from a random one. The run's
 * records go to a temporary record file, deleted afterwards, and are returned in trial order.
 */
public final class Replay {
    private Replay() {}

    public static List<TuningRecord> run(RecordedSpace space, String strategy, int budget, long seed) throws TuningException {
        return run(space, strategy, budget, seed, List.of());
    }

    /** As {@link #run(RecordedSpace, String, int, long)}, the strategy learning from {@code priors}. */
    public static List<TuningRecord> run(RecordedSpace space, String strategy, int budget, long seed, List<Prior> priors) throws TuningException {
        Project project = project(space, new SearchSettings(strategy, seed, Budget.trials(budget), Order.LISTED));
        Path temp;
        try {
            temp = Files.createTempFile("replay-", ".jsonl");
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot create a temporary record file: " + e.getMessage(), e);
        }
        try (RecordFile records = RecordFile.open(temp)) {
            var options = TuneOptions.builder(temp.getParent()).resume(false).priors(priors).build();
            return new Tuner(project, options, new ReplayExecutor(space)).run(records, event -> { });
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot use the temporary record file " + temp + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
                Files.deleteIfExists(temp.resolveSibling(temp.getFileName() + ".lock"));
            } catch (IOException e) {
                // A stray temporary file is harmless.
            }
        }
    }

    /** The space as a project that has no kernel: only its space and search settings are used by the loop. */
    private static Project project(RecordedSpace space, SearchSettings search) {
        return new Project(Path.of(space.name()), space.name(), null, Inputs.NONE, Work.UNKNOWN, null, null, MeasureSettings.DEFAULT,
                Candidates.space(space.space()), search, DeviceSettings.HOST, List.of(), Optional.empty());
    }
}
