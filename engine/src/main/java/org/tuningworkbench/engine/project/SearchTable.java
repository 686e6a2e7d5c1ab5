package org.tuningworkbench.engine.project;

import java.time.Duration;
import java.util.Set;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.search.Strategies;

/** Reads {@code [search]}: which strategy chooses the configs and how much it may try. */
final class SearchTable {

    private final TableReader reader;

    SearchTable(TableReader reader) {
        this.reader = reader;
    }

    /** {@code [search]}: strategy, seed, max_trials, time_limit_s, order. */
    SearchSettings read(TomlTable t) {
        SearchSettings s = SearchSettings.DEFAULT;
        if (t == null) return s;
        reader.checkKeys(t, Set.of("strategy", "seed", "max_trials", "time_limit_s", "order"));
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
            if (n != null && (n < 1 || n > Integer.MAX_VALUE)) reader.error(t, "max_trials", "max_trials must be at least 1");
            else if (n != null) s = s.withBudget(s.budget().withMaxTrials(n.intValue()));
        }
        if (t.contains("time_limit_s")) {
            Duration limit = reader.seconds(t, "time_limit_s", null);
            if (limit != null) s = s.withBudget(s.budget().withTimeLimit(limit));
        }
        return s;
    }
}
