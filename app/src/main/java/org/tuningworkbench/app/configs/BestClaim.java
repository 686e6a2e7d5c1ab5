package org.tuningworkbench.app.configs;

/**
 * What the window says of the grid's best config, by one rule wherever it is said (the status bar, the run's closing
 * notification): {@code best No.7 at 12.34 µs confirmed} once the run's confirmation measured it again,
 * {@code best No.7 at 12.34 µs} when nothing qualifies it, {@code fastest No.7 at 12.34 µs (not distinguishable from
 * No.3, p = 0.43)} when something does (the chart draws it as the fastest, not the best, and its tooltip says so too);
 * {@code no config succeeded} without one. The figure is the one the grid's Median column shows for it.
 *
 * @param text    the claim
 * @param settled whether it is the best unqualified (confirmed, or nothing qualifies it)
 */
public record BestClaim(String text, boolean settled) {

    public static BestClaim of(ConfigGridViewModel grid) {
        ConfigRow best = grid.best();
        if (best == null) return new BestClaim("no config succeeded", false);
        String at = "No." + grid.numberOf(best) + " at " + Figures.micros(best.standingMedianUs());
        if (best.confirmation() != null) return new BestClaim("best " + at + " confirmed", true);
        String caveat = grid.bestCaveatProperty().get();
        return caveat.isEmpty() ? new BestClaim("best " + at, true) : new BestClaim("fastest " + at + " (" + caveat + ")", false);
    }
}
