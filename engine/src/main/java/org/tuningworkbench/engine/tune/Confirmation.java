package org.tuningworkbench.engine.tune;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Builder;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.stats.Statistics;

/**
 * The closing check of a run: the fastest {@code k} configs are measured again, interleaved (round
 * after round, each config once a round) and each time in a fresh process, so a slow spell of the
 * machine falls on all of them alike. The confirmed figure of a config is the median of its rounds'
 * medians; the ranking held when the confirmed order is the original one.
 */
public final class Confirmation {

    /** One config's original and confirmed figures; ranks are 1-based among the top k. */
    public record Entry(int configNumber, Map<String, String> config, double originalMedianUs, List<Double> roundMediansUs,
                        double confirmedMedianUs, int originalRank, int confirmedRank) {
        public Entry {
            config = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(config));
            roundMediansUs = List.copyOf(roundMediansUs);
        }
    }

    /** The confirmation's outcome: entries in the original order, and whether order and best held. */
    public record Result(List<Entry> entries, int rounds, boolean rankingHeld, boolean bestHeld) {
        public Result {
            entries = List.copyOf(entries);
        }
    }

    private final Project project;
    private final TuneOptions options;
    private final DeviceRunner runner = new DeviceRunner();
    private final ChildProcess process = new ChildProcess();

    public Confirmation(Project project, TuneOptions options) {
        this.project = project;
        this.options = options;
    }

    /** Re-measures the {@code k} fastest successful records {@code rounds} times each, reporting progress lines. */
    public Result run(List<TuningRecord> records, int k, int rounds, Consumer<String> progress) throws TuningException {
        if (k < 1 || rounds < 1) throw new IllegalArgumentException("k and rounds must be at least 1");
        List<TuningRecord> top = Ranking.of(records).ordered().stream().filter(TuningRecord::ok).limit(k).toList();
        if (top.isEmpty()) return new Result(List.of(), rounds, true, true);
        Map<Integer, Path> programs = programs(top);
        Affinity affinity = options.pin() ? Affinity.pinned(Runtime.getRuntime().availableProcessors()) : Affinity.NONE;
        var medians = new LinkedHashMap<Integer, List<Double>>();
        top.forEach(r -> medians.put(r.configNumber(), new ArrayList<>()));
        Path work = options.newRunDir("confirm-");
        try {
            for (int round = 1; round <= rounds; round++) {
                for (TuningRecord r : top) {
                    Path out = work.resolve("config-" + r.configNumber() + "-round-" + round);
                    RunOutcome outcome = runner.run(programs.get(r.configNumber()), out, project.measure(), process, affinity.runEnvironment());
                    if (!(outcome instanceof RunOutcome.Measured m) || m.timing().samplesUs().length == 0) {
                        throw new TuningException(TuningException.Kind.INPUT, "config No." + r.configNumber() + " failed when measured again");
                    }
                    medians.get(r.configNumber()).add(Statistics.of(m.timing().samplesUs()).median());
                    progress.accept("confirm round " + round + "/" + rounds + ": No." + r.configNumber());
                }
            }
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot measure the top configs again: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
        } finally {
            WorkFolders.deleteQuietly(work);
        }
        return judge(top, medians, rounds);
    }

    /** Compares the confirmed medians' order with the original one. */
    static Result judge(List<TuningRecord> top, Map<Integer, List<Double>> roundMedians, int rounds) {
        var confirmed = new LinkedHashMap<Integer, Double>();
        roundMedians.forEach((number, values) -> confirmed.put(number,
                Statistics.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median()));
        List<Integer> confirmedOrder = confirmed.entrySet().stream()
                .sorted(Map.Entry.<Integer, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).toList();
        var entries = new ArrayList<Entry>();
        for (int i = 0; i < top.size(); i++) {
            TuningRecord r = top.get(i);
            entries.add(new Entry(r.configNumber(), r.config(), r.medianUs(), roundMedians.get(r.configNumber()),
                    confirmed.get(r.configNumber()), i + 1, confirmedOrder.indexOf(r.configNumber()) + 1));
        }
        boolean held = entries.stream().allMatch(e -> e.originalRank() == e.confirmedRank());
        boolean bestHeld = confirmedOrder.getFirst() == top.getFirst().configNumber();
        return new Result(entries, rounds, held, bestHeld);
    }

    private Map<Integer, Path> programs(List<TuningRecord> top) throws TuningException {
        try {
            String text = Files.readString(project.kernel());
            TunableSource source = TunableSource.parse(project.kernel(), text);
            Toolchain toolchain = Toolchain.of(project.build().command());
            Builder builder = new Builder(options.cacheDir().resolve("builds"), project.build(), toolchain, project.directory());
            String fileName = project.kernel().getFileName().toString();
            var launcher = new Launcher(project.language(), fileName, project.entry(), project.args(), project.measure().seed());
            var programs = new LinkedHashMap<Integer, Path>();
            for (TuningRecord r : top) {
                var variant = source.substitute(new Config(r.configNumber(), r.config()));
                BuildResult built = builder.build(fileName, variant.text(), launcher, new ChildProcess());
                if (!(built instanceof BuildResult.Built b)) {
                    throw new TuningException(TuningException.Kind.INPUT, "config No." + r.configNumber() + " no longer builds");
                }
                programs.put(r.configNumber(), b.program());
            }
            return programs;
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot rebuild the top configs: " + e.getMessage(), e);
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        } catch (InvalidConfigException e) {
            throw new TuningException(TuningException.Kind.INPUT, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
        }
    }

}
