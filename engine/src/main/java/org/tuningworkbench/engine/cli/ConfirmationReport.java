package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.Ranking;

/** Prints the closing confirmation of the top configs: original and confirmed medians, and the verdict. */
final class ConfirmationReport {
    private ConfirmationReport() {}

    static void print(Confirmation.Result result, PrintWriter out) {
        if (result.entries().isEmpty()) return;
        out.println();
        Objective ranked = result.entries().getFirst().figures().rankedBy();
        out.println("Confirmation: the top " + result.entries().size() + " measured again" + (ranked.isTime() ? "" : " and ranked by " + ranked)
                + ", interleaved, " + result.rounds()
                + " round" + (result.rounds() == 1 ? "" : "s") + ", each in a fresh process");
        for (var e : result.entries()) {
            // Ranked by a metric: its values are said beside the medians.
            String value = ranked.isTime() ? "" : String.format(Locale.ROOT, "   %s %s -> %s", ranked.name(),
                    Numbers.significant(Ranking.sampled(e.record(), ranked).orElse(Double.NaN)), Numbers.significant(e.confirmedValue()));
            out.println(String.format(Locale.ROOT, "  %-7s rank %d -> %d   %s -> %s%s", e.label(), e.originalRank(), e.confirmedRank(),
                    Durations.micros(e.originalMedianUs()), Durations.micros(e.confirmedMedianUs()), value));
        }
        out.println(result.rankingHeld() ? "The ranking held."
                : result.bestHeld() ? "The best held; the order below it changed." : "The ranking did not hold: the best changed.");
    }
}
