package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.search.Strategies;

/** Reads {@code [search]}: which strategy chooses the configs and how much it may try. */
final class SearchTable {

    private final TableReader reader;

    SearchTable(TableReader reader) {
        this.reader = reader;
    }

    /** {@code [search]}: strategy, seed, max_trials, time_limit_s, order, objective, priors. */
    SearchSettings read(TomlTable t, List<Metric> metrics) {
        return read(t, metrics, false, false);
    }

    /**
     * As {@link #read(TomlTable, List)}; with {@code harness}, the objective may also name a metric the project's harness
     * reports; with {@code space}, the project has a {@code [space]}, which is searched by default ({@link SearchSettings#defaultFor}).
     */
    SearchSettings read(TomlTable t, List<Metric> metrics, boolean harness, boolean space) {
        SearchSettings s = readGiven(t, metrics, harness, SearchSettings.defaultFor(space));
        return space ? s.forSpace() : s;
    }

    private SearchSettings readGiven(TomlTable t, List<Metric> metrics, boolean harness, SearchSettings s) {
        if (t == null) return s;
        reader.checkKeys(t, Set.of("strategy", "seed", "max_trials", "time_limit_s", "order", "objective", "objective_higher_is_better", "priors"));
        String strategy = reader.string(t, "strategy", false);
        if (strategy != null) {
            if (!Strategies.NAMES.contains(strategy)) reader.error(t, "strategy", "unknown strategy `" + strategy + "`; use one of " + String.join(", ", Strategies.NAMES));
            else s = s.withStrategy(strategy);
        }
        String order = reader.string(t, "order", false);
        if (order != null) {
            try {
                s = s.withOrder(Order.of(order));
            } catch (IllegalArgumentException e) {
                reader.error(t, "order", e.getMessage());
            }
        }
        if (t.contains("seed")) {
            Long seed = reader.whole(t, "seed");
            if (seed != null) s = s.withSeed(seed);
        }
        if (t.contains("max_trials")) {
            Long n = reader.whole(t, "max_trials");
            if (n != null && reader.inRange(t, "max_trials", Range.MAX_TRIALS, n)) s = s.withBudget(s.budget().withMaxTrials(n.intValue()));
        }
        if (t.contains("time_limit_s")) {
            Duration limit = reader.seconds(t, "time_limit_s", null);
            if (limit != null && reader.inRange(t, "time_limit_s", Range.TIME_LIMIT_S, limit.toMillis() / 1000.0)) {
                s = s.withBudget(s.budget().withTimeLimit(limit));
            }
        }
        if (t.contains("priors")) s = s.withPriors(priors(t));
        return s.withObjective(objective(t, metrics, harness));
    }

    /** {@code priors = ["other-gpu.jsonl", ...]}: each an existing file, against the project's folder. */
    private List<Path> priors(TomlTable t) {
        var out = new ArrayList<Path>();
        if (!(t.get("priors") instanceof TomlArray array)) {
            reader.error(t, "priors", "`priors` must be a list of files in quotes, e.g. priors = [\"../other-gpu/records.jsonl\"]");
            return out;
        }
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof String relative)) {
                reader.error(t, "priors", "`priors` must list files in quotes; item " + (i + 1) + " is not text");
                continue;
            }
            Path path = reader.resolve(t, "priors", relative);
            if (path == null) continue;
            if (!Files.isRegularFile(path)) reader.error(t, "priors", "prior `" + relative + "`: there is no such file (" + path + ")");
            else out.add(path);
        }
        return out;
    }

    /** {@code objective = "GFLOP/s"} and {@code objective_higher_is_better = true}, as Kernel Tuner names them; time by default. */
    private Objective objective(TomlTable t, List<Metric> metrics, boolean harness) {
        String name = t.contains("objective") ? reader.string(t, "objective", false) : Objective.TIME.name();
        Boolean higher = t.contains("objective_higher_is_better") ? reader.bool(t, "objective_higher_is_better") : Boolean.FALSE;
        if (name == null || higher == null) return Objective.TIME;
        if (!harness && !name.equals(Objective.TIME.name()) && metrics.stream().noneMatch(m -> m.name().equals(name))) {
            List<String> names = metrics.stream().map(Metric::name).toList();
            reader.error(t, "objective", "objective `" + name + "` is neither time nor one of the project's [metrics]"
                    + (names.isEmpty() ? " (it has none)" : " (" + String.join(", ", names) + ")"));
            return Objective.TIME;
        }
        return new Objective(name, higher);
    }
}
