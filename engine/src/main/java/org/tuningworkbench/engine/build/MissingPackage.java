package org.tuningworkbench.engine.build;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A build that failed because a system library is not installed, told from the compiler's or the
 * linker's words ({@code cblas.h: No such file or directory}, {@code cannot find -lopenblas}),
 * with the Debian package to install: what to do, in one line, instead of a compile error.
 */
public record MissingPackage(String library, String debianPackage, String evidence) {

    private record Known(String library, String debianPackage, Pattern evidence) {}

    private static final List<Known> KNOWN = List.of(
            new Known("OpenBLAS", "libopenblas-dev",
                    Pattern.compile("(?:\\b(?:openblas/)?cblas\\.h: No such file or directory|cannot find -l(?:openblas|cblas)\\b)")),
            new Known("OpenCL", "ocl-icd-opencl-dev opencl-headers",
                    Pattern.compile("(?:\\bCL/cl\\.h: No such file or directory|cannot find -lOpenCL\\b|libOpenCL\\.so[.\\d]*: cannot open shared object file)")));

    /** The missing library a failed build's log points to, if it is one this knows. */
    public static Optional<MissingPackage> in(String buildLog) {
        for (Known k : KNOWN) {
            var m = k.evidence().matcher(buildLog);
            if (m.find()) return Optional.of(new MissingPackage(k.library(), k.debianPackage(), m.group()));
        }
        return Optional.empty();
    }

    /** {@code OpenBLAS is not installed (cblas.h: No such file or directory): sudo apt-get install libopenblas-dev}. */
    public String advice() {
        return library + " is not installed (" + evidence + "): sudo apt-get install " + debianPackage;
    }
}
