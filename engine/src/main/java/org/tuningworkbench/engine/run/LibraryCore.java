package org.tuningworkbench.engine.run;

import java.util.List;
import java.util.Optional;

/**
 * The BLAS library's kernels a program ran, as the library itself reported them to the harness:
 * OpenBLAS's core ({@code openblas_get_corename()}, such as {@code Haswell}) and its own
 * description ({@code openblas_get_config()}). OpenBLAS takes another core, silently, when the one
 * {@code OPENBLAS_CORETYPE} asks for cannot run on the CPU, so only this says which kernels ran.
 *
 * @param core   the core whose kernels the library chose
 * @param config the library's description of its build and choice (empty when it gave none)
 */
public record LibraryCore(String core, String config) {

    /** The core the harness reported among the lines of its {@code timing.txt}; empty when the program has no OpenBLAS. */
    public static Optional<LibraryCore> parse(List<String> lines) {
        String core = null;
        String config = "";
        for (String line : lines) {
            String[] parts = line.strip().split("\\s+", 2);
            if (parts.length != 2) continue;
            if (parts[0].equals("openblas_core")) core = parts[1].strip();
            if (parts[0].equals("openblas_config")) config = parts[1].strip();
        }
        return core == null || core.isEmpty() ? Optional.empty() : Optional.of(new LibraryCore(core, config));
    }
}
