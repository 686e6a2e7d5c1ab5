package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Arrays;
import java.util.List;

/**
 * The BLAS library's kernels a program ran, as the library reported them: OpenBLAS falls back to
 * another core, silently, when the one asked for cannot run on the CPU.
 *
 * @param core         the core whose kernels ran ({@code Haswell})
 * @param config       the library's own description of its build and choice
 * @param environments on a baseline's record: the environments it was asked to run in that
 *                     resolved to this core, each as {@code NAME=VALUE ...} ({@code ""}: the
 *                     environment as it is); null on a config's
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BlasLibrary(String core, String config, List<String> environments) {
    public BlasLibrary {
        environments = environments == null ? null : List.copyOf(environments);
    }

    /**
     * How a person reads where the kernels came from: {@code Haswell kernels, chosen as it is and
     * by OPENBLAS_CORETYPE=Cooperlake (fell back to Haswell)}.
     */
    public String describe() {
        String chosen = chosen();
        return core + " kernels" + (chosen.isEmpty() ? "" : ", " + chosen);
    }

    /** Which environments chose the kernels ({@code chosen as it is and by OPENBLAS_CORETYPE=Haswell}); empty on a config's record. */
    public String chosen() {
        if (environments == null || environments.isEmpty()) return "";
        boolean asItIs = environments.contains("");
        List<String> named = environments.stream().filter(e -> !e.isEmpty()).map(this::describe).toList();
        return "chosen" + (asItIs ? " as it is" : "") + (asItIs && !named.isEmpty() ? " and" : "")
                + (named.isEmpty() ? "" : " by " + String.join(", ", named));
    }

    private String describe(String environment) {
        var asked = Arrays.stream(environment.split(" ")).filter(e -> e.startsWith("OPENBLAS_CORETYPE="))
                .map(e -> e.substring("OPENBLAS_CORETYPE=".length())).findFirst();
        return asked.isPresent() && !asked.get().equalsIgnoreCase(core) ? environment + " (fell back to " + core + ")" : environment;
    }
}
