package org.tuningworkbench.engine.build;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The build log of a device's compiler (OpenCL's {@code CL_PROGRAM_BUILD_LOG}) read as compiler
 * messages on the kernel's lines. The launcher gives the program a {@code #line} naming the user's
 * file, so clang-based drivers write {@code kernel.cl:12:5: error: ...} as gcc does; PoCL moves
 * the severity to the front ({@code error: kernel.cl:12:5: ...}), which is put back in place here.
 */
public final class DeviceBuildLog {

    private static final Pattern SEVERITY_FIRST = Pattern.compile("(?m)^(error|warning|note): ([^\\s:][^:]*:\\d+:\\d+): ");

    private DeviceBuildLog() {}

    public static List<Diagnostic> diagnostics(String log, String kernelFileName, Path projectDir) {
        return Diagnostic.parse(SEVERITY_FIRST.matcher(log).replaceAll("$2: $1: "), kernelFileName, projectDir);
    }
}
