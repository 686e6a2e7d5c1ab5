package org.tuningworkbench.engine.exec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tuningworkbench.engine.project.Baseline;
import org.tuningworkbench.engine.record.BlasLibrary;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.LibraryCore;

/**
 * One way to run a baseline: the environments of its {@code [baseline]} that resolve to the same
 * library kernels, measured once. OpenBLAS reads {@code OPENBLAS_CORETYPE} when it loads and takes
 * another core, silently, when the CPU cannot run the one named; environments that differ only
 * there and resolve to the same core run the same kernels. Environments whose program named no
 * kernels (a library other than OpenBLAS, or a program that failed before saying) stay apart.
 *
 * @param environments the environments that resolve to it, in the project's order; it is measured in the first
 * @param core         the kernels the library said it would run in them; null when it said nothing
 */
public record BaselineCandidate(List<Map<String, String>> environments, LibraryCore core) {

    public static final String CORE_VARIABLE = "OPENBLAS_CORETYPE";

    public BaselineCandidate {
        environments = environments.stream().map(e -> java.util.Collections.unmodifiableMap(new LinkedHashMap<>(e))).toList();
    }

    /** The environments grouped by the kernels each resolves to ({@code cores}, one for each environment, in the same order). */
    public static List<BaselineCandidate> group(List<Map<String, String>> environments, List<Optional<LibraryCore>> cores) {
        if (environments.size() != cores.size()) {
            throw new IllegalArgumentException(environments.size() + " environments but " + cores.size() + " answers of which kernels they run");
        }
        var groups = new LinkedHashMap<Object, List<Map<String, String>>>();
        var coreOf = new LinkedHashMap<Object, LibraryCore>();
        for (int i = 0; i < environments.size(); i++) {
            Map<String, String> environment = environments.get(i);
            Optional<LibraryCore> core = cores.get(i);
            Object key = core.isPresent() ? List.of(core.get().core(), Baseline.describe(withoutCoreType(environment))) : i;
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(environment);
            core.ifPresent(c -> coreOf.putIfAbsent(key, c));
        }
        return groups.entrySet().stream().map(e -> new BaselineCandidate(e.getValue(), coreOf.get(e.getKey()))).toList();
    }

    /** The environment it is measured in. */
    public Map<String, String> measuredIn() {
        return environments.getFirst();
    }

    /**
     * How tables, charts and reports name the baseline measured this way, from the kernels that ran
     * ({@code ran}; null when the library named none): {@code OpenBLAS sgemm [Haswell kernels]}, with
     * the rest of the environment when there is more to it; without library kernels, with the
     * environment it was measured in ({@code label [TW_MODE=fast]}).
     */
    public String label(String label, LibraryCore ran) {
        if (ran != null) {
            String rest = restOfEnvironment();
            return label + " [" + ran.core() + " kernels" + (rest.isEmpty() ? "" : ", " + rest) + "]";
        }
        String environment = Baseline.describe(measuredIn());
        return environment.isEmpty() ? label : label + " [" + environment + "]";
    }

    /** What the environment it is measured in sets besides the core type ({@code OPENBLAS_L2_SIZE unset}); empty when nothing. */
    public String restOfEnvironment() {
        return Baseline.describe(withoutCoreType(measuredIn()));
    }

    /** What a record keeps of the kernels that ran ({@code ran}) and the environments that chose them. */
    public BlasLibrary library(LibraryCore ran) {
        return new BlasLibrary(ran.core(), ran.config(), environments.stream().map(Baseline::describe).toList());
    }

    /** For a log line: {@code Haswell kernels, chosen as it is and by OPENBLAS_CORETYPE=Haswell}, or the environment. */
    public String describe(LibraryCore ran) {
        if (ran != null) return library(ran).describe();
        String environment = Baseline.describe(measuredIn());
        return environment.isEmpty() ? "as it is" : environment;
    }

    private static Map<String, String> withoutCoreType(Map<String, String> environment) {
        var rest = new TreeMap<>(environment);
        rest.remove(CORE_VARIABLE);
        return rest;
    }
}
