package org.tuningworkbench.engine.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.verify.Verification;

/**
 * What the vendor kernel autotuner prints, exactly, so scripts that parse it keep working: configs
 * numbered from {@code No.0}, times in microseconds with three decimals and the {@code μs} sign
 * (U+03BC), the config as a Python dict in the project's parameter order, {@code Best config: No.N},
 * then {@code compare success.} when every measured config matched the golden result. Nothing else:
 * no baseline, no table.
 */
public final class VendorFormat implements ResultFormat {

    static final String NAME = "vendor";

    private final List<String> parameterOrder;

    VendorFormat(List<String> parameterOrder) {
        this.parameterOrder = List.copyOf(parameterOrder);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void measured(TuningRecord record, int number, boolean resumed, PrintWriter out) {
        out.println(line(number, record, parameterOrder));
    }

    @Override
    public void results(Results results, PrintWriter out) {
        if (results.records().isEmpty()) return;
        ToIntFunction<TuningRecord> number = r -> results.numbers().getOrDefault(r, 0);
        Ranking.of(results.records(), results.objective()).best().ifPresent(b -> out.println(best(number.applyAsInt(b))));
        out.println(verdict(results.records(), number));
    }

    /** {@code No.0: 27.693μs, {'L1TileShape': 'GemmShape<64, 64, 64>'}}; a failed config shows its status instead of a time. */
    static String line(int number, TuningRecord r, List<String> parameterOrder) {
        // Always microseconds, and the Greek mu the vendor prints: not the unit rule of the workbench's own forms.
        String what = r.ok() ? String.format(Locale.ROOT, "%.3fμs", r.medianUs()) : r.status().label();
        return "No." + (number - 1) + ": " + what + ", " + dict(r.config(), parameterOrder);
    }

    static String best(int number) {
        return "Best config: No." + (number - 1);
    }

    /** The closing verdict: {@code compare success.}, or {@code compare failed.} naming the configs whose outputs did not match. */
    static String verdict(List<TuningRecord> records, ToIntFunction<TuningRecord> number) {
        var wrong = records.stream().filter(r -> r.verification() != null && r.verification().status() == Verification.Status.FAIL)
                .map(r -> "No." + (number.applyAsInt(r) - 1)).toList();
        return wrong.isEmpty() ? "compare success." : "compare failed. (" + String.join(", ", wrong) + ")";
    }

    /** {@code {'BM': '64', 'BN': '32'}}, keys in {@code order} first, then any others as given. */
    static String dict(Map<String, String> config, List<String> order) {
        var keys = new ArrayList<String>();
        order.stream().filter(config::containsKey).forEach(keys::add);
        config.keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        return keys.stream().map(k -> python(k) + ": " + python(config.get(k))).collect(Collectors.joining(", ", "{", "}"));
    }

    private static String python(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
