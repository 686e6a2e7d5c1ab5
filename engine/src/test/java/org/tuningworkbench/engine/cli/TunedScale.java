package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.tuningworkbench.fixtures.TestProject;

/**
 * The command line run in this process, and a scale project it tuned in a test's folder: what the
 * commands that read records (show, best, apply-best, report) are tested on.
 */
final class TunedScale {
    private TunedScale() {}

    static final String FAST = "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];";
    static final String SLOW = "for (int i = 0; i < n; i++) { volatile float s = 0; for (int r = 0; r < 50; r++) s += x[i]; y[i] = 2.0f * x[i]; }";

    /** What a command printed and its exit code. */
    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Writes {@code project} (over {@link TestProject#SCALE_KERNEL}) into {@code dir} and tunes it, its builds cached in {@code dir/cache}. */
    static Result tune(Path dir, String project) throws Exception {
        TestProject.write(dir, project, "scale.c", TestProject.SCALE_KERNEL);
        return run("tune", "--cache-dir=" + dir.resolve("cache"), dir.toString());
    }
}
