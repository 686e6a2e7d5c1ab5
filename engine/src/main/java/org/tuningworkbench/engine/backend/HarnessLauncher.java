package org.tuningworkbench.engine.backend;

import java.util.Map;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.build.ShellWords;
import org.tuningworkbench.engine.project.Project;

/**
 * The program the engine runs for a variant of a harness project: a POSIX shell script that tells
 * the harness, through its environment, where the variant and its outputs are and how many samples
 * to take, then runs the project's harness command from the project folder. The harness library
 * (a C++ header and a Python module) is written beside it.
 *
 * <p>It is run as every launcher is, {@code tw_run_harness.sh OUT_DIR WARMUP_MS SAMPLES MIN_SAMPLE_MS}.
 */
final class HarnessLauncher implements Launcher {

    static final String FILE = "tw_run_harness.sh";
    static final String CXX_LIBRARY = "tw_harness.hpp";
    static final String PYTHON_LIBRARY = "tw_harness.py";

    private final Project project;
    private final String harness;
    private final String fileName;
    private final String entry;
    private final String inputs;

    HarnessLauncher(Project project, String harness, String fileName, String entry, String inputs) {
        this.project = project;
        this.harness = harness;
        this.fileName = fileName;
        this.entry = entry;
        this.inputs = inputs;
    }

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String source() {
        String command = harness.replace("{source}", "\"$TW_SOURCE\"").replace("{output}", "\"$TW_PROGRAM\"")
                .replace("{work_dir}", "\"$TW_VARIANT_DIR\"").replace("{kernel_dir}", ShellWords.quote(project.kernel().source().toAbsolutePath().getParent().toString()));
        return """
                #!/bin/sh
                # Runs the project's harness on one variant: %s OUT_DIR WARMUP_MS SAMPLES MIN_SAMPLE_MS
                # (the files the harness reads, by fingerprint: %s)
                here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd) || exit 70
                export TW_OUT_DIR="$1" TW_WARMUP_MS="$2" TW_SAMPLES="$3" TW_MIN_SAMPLE_MS="$4" TW_RESULT_FILE="$1/result.json"
                export TW_SOURCE="$here"/%s TW_ENTRY=%s TW_PROGRAM="$here/%s" TW_VARIANT_DIR="$here" TW_SEED=%d
                export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1%s
                if [ -n "${TW_MEMORY_LIMIT_KB:-}" ]; then ulimit -v "$TW_MEMORY_LIMIT_KB" || exit 70; fi
                cd %s || exit 70
                %s
                """.formatted(FILE, inputs, ShellWords.quote(fileName), ShellWords.quote(entry == null ? "" : entry), HarnessBackend.BUILT, project.measure().seed(), sizes(),
                ShellWords.quote(project.directory().toString()), command);
    }

    /** The project's [sizes], each as {@code TW_SIZE_<name>}: the harness makes its inputs of these sizes. */
    private String sizes() {
        var out = new StringBuilder();
        project.inputs().sizes().forEach((name, value) -> out.append(" TW_SIZE_").append(name).append('=').append(value));
        return out.isEmpty() ? "" : "\nexport" + out;
    }

    @Override
    public Map<String, String> companions(String kernelText) {
        return Map.of(CXX_LIBRARY, Launcher.resource(CXX_LIBRARY), PYTHON_LIBRARY, Launcher.resource(PYTHON_LIBRARY));
    }

    @Override
    public long seed() {
        return project.measure().seed();
    }
}
