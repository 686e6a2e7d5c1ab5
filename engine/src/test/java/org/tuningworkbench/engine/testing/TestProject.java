package org.tuningworkbench.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;

/** Writes small kernels and projects into a test's temporary folder. */
public final class TestProject {
    private TestProject() {}

    /** A C kernel {@code scale(n, x, y)} whose loop body is the alias {@code Body}, with a reference function. */
    public static final String SCALE_KERNEL = """
            #include <stddef.h>
            void scale(int n, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; // tunable: Body
            }

            void scale_reference(int n, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;
            }
            """;

    /** A body for {@link #SCALE_KERNEL}'s Body line that touches 256 KiB of fresh memory in each of the kernel's first {@code calls} calls (every call when negative), as an allocator handing out new memory does. */
    public static String touchingFreshMemory(int calls) {
        return "static int calls; if (" + (calls < 0 ? "1" : "calls++ < " + calls) + ") { size_t bytes = 1 << 18; "
                + "char *fresh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); "
                + "memset(fresh, 1, bytes); y[0] = (float)fresh[bytes - 1]; munmap(fresh, bytes); } "
                + "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];";
    }

    /** The argument list, golden and quick measurement settings for {@link #SCALE_KERNEL}. */
    public static String scaleProject(String configs) {
        return """
                name = "scale"

                [kernel]
                source = "scale.c"
                entry = "scale"

                [sizes]
                n = 4096

                [[args]]
                name = "n"
                scalar = "int"
                value = "n"

                [[args]]
                name = "x"
                buffer = "f32[n]"
                init = "random(-1, 1)"

                [[args]]
                name = "y"
                buffer = "f32[n]"
                output = true

                [golden]
                function = "scale_reference"
                atol = 1e-6
                rtol = 1e-6

                [work]
                flops = "n"

                [measure]
                warmup_ms = 0
                repeat = 3
                min_sample_ms = 1
                timeout_s = 3
                """ + configs;
    }

    public static Path write(Path dir, String projectText, String kernelName, String kernelText) throws IOException {
        Files.writeString(dir.resolve(kernelName), kernelText);
        Path project = dir.resolve("project.toml");
        Files.writeString(project, projectText);
        return project;
    }

    public static String config(String key, String value) {
        return "\n[[configs]]\n" + key + " = '''" + value + "'''\n";
    }

    /** {@code projectText} measuring its configs in the order listed, not shuffled: for a test whose subject is what one config leaves to the next. */
    public static String measuredAsListed(String projectText) {
        return projectText + "\n[search]\norder = \"listed\"\n";
    }

    /** {@code records} in the order their configs are listed in {@code project}, whatever order the run measured them in. */
    public static List<TuningRecord> inListedOrder(Project project, List<TuningRecord> records) {
        List<String> keys = project.candidates().listed().stream().map(c -> c.key()).toList();
        return records.stream().sorted(Comparator.comparingInt(r -> keys.indexOf(r.configValues().key()))).toList();
    }
}
