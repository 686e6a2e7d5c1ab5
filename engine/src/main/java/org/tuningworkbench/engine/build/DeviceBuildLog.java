package org.tuningworkbench.engine.build;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.regex.Pattern;

/**
 * The build log of a device's compiler (OpenCL's {@code CL_PROGRAM_BUILD_LOG}) read as compiler
 * messages on the kernel's lines. The launcher gives the program a {@code #line} naming the user's
 * file, so clang-based drivers write {@code kernel.cl:12:5: error: ...} as gcc does; PoCL moves
 * the severity to the front ({@code error: kernel.cl:12:5: ...}), which is put back in place here.
 */
public final class DeviceBuildLog {

    /**
     * PoCL's order, severity first; a message on a token a macro spelled elsewhere adds where
     * ({@code error: k.cl:20:20 <Spelling=k.cl:4:28>: ...}), which is left out: the place that counts is the line using it.
     */
    private static final Pattern SEVERITY_FIRST = Pattern.compile("(?m)^(error|warning|note): ([^\\s:][^:]*:\\d+:\\d+)(?: <Spelling=[^>]*>)?: ");

    private DeviceBuildLog() {}

    /** The launcher's own line before the device's log, and the lines that only say that the build failed. */
    private static final Pattern NO_MESSAGE = Pattern.compile("tw-launcher: .*|Device .* failed to build the program\\.?|\\d+ errors? generated\\.|"
            + "Error\\(s\\) while linking:?");

    public static List<Diagnostic> diagnostics(String log, String kernelFileName, Path projectDir) {
        List<Diagnostic> found = Diagnostic.parse(SEVERITY_FIRST.matcher(log).replaceAll("$2: $1: "), kernelFileName, projectDir);
        if (found.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.ERROR)) return found;
        // A message with no place in the source (PoCL's link step: "Cannot find symbol f in kernel library") is still the compiler's.
        String said = message(log);
        if (said.isEmpty()) return found;
        var out = new ArrayList<>(found);
        out.add(new Diagnostic(Diagnostic.Severity.ERROR, false, 0, 0, said));
        return out;
    }

    /** What the device's compiler said, in one line, without the lines that only say the build failed; empty when it said nothing more. */
    static String message(String log) {
        return log.lines().map(String::strip).filter(l -> !l.isEmpty() && !NO_MESSAGE.matcher(l).matches())
                .collect(Collectors.joining("; "));
    }
}
