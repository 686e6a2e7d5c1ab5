package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.marker.TunableSource;

/**
 * The kernel a project tunes ({@code [kernel]}).
 *
 * @param source         the kernel's source file
 * @param language       its language
 * @param entry          the function a call runs (for a device kernel with {@code [[launches]]} and no entry, the first launch's kernel)
 * @param injectsDefines whether a config's parameters that no marked line declares are written as
 *                       {@code #define}s before the kernel ({@code inject = "defines"})
 */
public record Kernel(Path source, Language language, String entry, boolean injectsDefines) {

    /** The kernel's text {@code text} with its markers read, injecting defines when the project asks. */
    public TunableSource tunableSource(String text) {
        return TunableSource.parse(source, text).injectingDefines(injectsDefines);
    }
}
