package org.tuningworkbench.engine.project;

import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;

/**
 * The values a numeric setting may take, from the command line, a project file or the window: a
 * closed interval and its unit. Every setting's range is listed in {@link #ALL} and in
 * docs/ranges.md (a test holds them together); a value outside it, NaN and the infinities
 * included, is refused before anything runs, with a message naming the value and the range.
 *
 * @param settings how the setting is written: its option and its project key ({@code --repeat, [measure] repeat})
 */
public record Range(String settings, double min, double max, String unit) {

    public static final Range REPEAT = new Range("--repeat, [measure] repeat", 1, 1_000_000, "samples");
    public static final Range WARMUP_MS = new Range("--warmup-ms, [measure] warmup_ms", 0, MeasureSettings.MAX_TIME_MS, "ms");
    public static final Range WARMUP_US = new Range("--warmup-us, [measure] warmup_us", 0, MeasureSettings.MAX_TIME_MS * 1000, "µs");
    public static final Range WARMUP_CALLS = new Range("--warmup, [measure] warmup", 0, 100_000_000, "calls");
    public static final Range MIN_SAMPLE_MS = new Range("--min-sample-ms, [measure] min_sample_ms", 0, MeasureSettings.MAX_TIME_MS, "ms");
    public static final Range RUN_TIMEOUT_S = new Range("--timeout-s, [measure] timeout_s", 0.001, 86_400, "s");
    public static final Range BUILD_TIMEOUT_S = new Range("[build] timeout_s", 0.1, 86_400, "s");
    public static final Range MEMORY_LIMIT_MB = new Range("[measure] memory_limit_mb (0: no limit)", 0, 16_777_216, "MB");
    public static final Range RACE_MARGIN = new Range("--race-margin, [measure] race_margin", 1, 1_000, "times the best");
    public static final Range RACE_MIN_SAMPLES = new Range("[measure] race_min_samples", 1, 1_000_000, "samples");
    public static final Range SEED = new Range("--seed, [measure] seed, [search] seed, the window's Seed", Long.MIN_VALUE, Long.MAX_VALUE, "(any 64-bit integer)");
    public static final Range MAX_TRIALS = new Range("[search] max_trials", 1, 100_000_000, "trials");
    public static final Range BUDGET = new Range("--budget, the window's Budget (0: no limit)", 0, 100_000_000, "trials");
    public static final Range MORE = new Range("--more", 1, 100_000_000, "trials");
    public static final Range TIME_LIMIT_S = new Range("--time-limit-s, [search] time_limit_s", 0.001, 31_536_000, "s");
    public static final Range JOBS = new Range("--jobs", 1, 1_024, "builds at once");
    public static final Range UNSTEADY_RETRIES = new Range("--unsteady-retries", 0, 100, "retries");
    public static final Range CONFIRM_TOP = new Range("--confirm-top (0: no confirmation)", 0, 1_000, "configs");
    public static final Range CONFIRM_ROUNDS = new Range("--confirm-rounds", 1, 1_000, "rounds");
    public static final Range REPLAY_BUDGET = new Range("replay --budget", 1, 100_000_000, "trials");
    public static final Range REPLAY_SEEDS = new Range("replay --seeds", 1, 100_000, "runs");
    public static final Range TOP = new Range("show --top", 1, Integer.MAX_VALUE, "configs");
    public static final Range BENCH_ROUNDS = new Range("bench --racing-rounds", 1, 1_000, "rounds");

    /** Every range, in the order docs/ranges.md lists them. */
    public static final List<Range> ALL = List.of(REPEAT, WARMUP_MS, WARMUP_US, WARMUP_CALLS, MIN_SAMPLE_MS, RUN_TIMEOUT_S, BUILD_TIMEOUT_S, MEMORY_LIMIT_MB,
            RACE_MARGIN, RACE_MIN_SAMPLES, SEED, MAX_TRIALS, BUDGET, MORE, TIME_LIMIT_S, JOBS, UNSTEADY_RETRIES, CONFIRM_TOP, CONFIRM_ROUNDS,
            REPLAY_BUDGET, REPLAY_SEEDS, TOP, BENCH_ROUNDS);

    public boolean contains(double value) {
        return value >= min && value <= max;
    }

    /** {@code 1 to 1,000 rounds}. */
    public String text() {
        if (this == SEED) return "any 64-bit integer";
        return number(min) + " to " + number(max) + " " + unit;
    }

    /** Why {@code value}, given as {@code given} ({@code --confirm-rounds}), is refused: its range. */
    public String refusal(String given, double value) {
        String shown = value == Math.rint(value) && Math.abs(value) < 1e18 ? Long.toString((long) value) : Double.toString(value);
        return given + " " + shown + " is outside its range: " + text();
    }

    /** {@code value} when it is in the range; otherwise an {@link IllegalArgumentException} saying {@link #refusal}. Null passes (not given). */
    public <N extends Number> N check(String given, N value) {
        if (value != null && !contains(value.doubleValue())) throw new IllegalArgumentException(refusal(given, value.doubleValue()));
        return value;
    }

    private static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) return Double.toString(value);
        var format = NumberFormat.getNumberInstance(Locale.ROOT);
        format.setMaximumFractionDigits(3);
        format.setGroupingUsed(true);
        return format.format(value);
    }
}
