package org.tuningworkbench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A tiny C project in a folder, measured in milliseconds: the window's tests run it for real. */
public final class TinyProject {

    public static final String KERNEL = """
            void scale(int n, const float *x, float *y) {
                int UNROLL = 1; // tunable
                long SPIN = 0; // tunable
                for (volatile long k = 0; k < SPIN; ++k) {}
                for (int i = 0; i < n; ++i) y[i] = 2.0f * x[i] * UNROLL / UNROLL;
            }
            """;

    private TinyProject() {}

    /** Writes {@code scale.c} and {@code project.toml} with the configs given; returns the project file. */
    public static Path create(Path dir, List<Map<String, String>> configs) throws IOException {
        Files.writeString(dir.resolve("scale.c"), KERNEL);
        String configText = configs.stream().map(c -> "[[configs]]\n" + c.entrySet().stream()
                .map(e -> e.getKey() + " = \"" + e.getValue() + "\"").collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n\n"));
        Path project = dir.resolve("project.toml");
        Files.writeString(project, """
                name = "tiny"

                [kernel]
                source = "scale.c"
                entry = "scale"

                [sizes]
                n = 256

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

                [work]
                flops = "2 * n"

                [measure]
                warmup_ms = 0
                repeat = 2
                min_sample_ms = 1
                timeout_s = 30

                """ + configText + "\n");
        return project;
    }

    public static Map<String, String> config(String unroll, String spin) {
        var m = new java.util.LinkedHashMap<String, String>();
        m.put("UNROLL", unroll);
        m.put("SPIN", spin);
        return m;
    }
}
