package org.tuningworkbench.app.shell;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.Optional;

/**
 * What the window needs from the system, checked before JavaFX starts, so that a missing library
 * is one line saying what to install rather than JavaFX's stack trace ("Unable to load glass GTK
 * library").
 */
public final class Prerequisites {

    /** The GTK library JavaFX's glass toolkit loads on Linux. */
    static final String GTK = "libgtk-3.so.0";

    private Prerequisites() {}

    /** The one line to print when the window cannot open on this system; empty when it can. */
    public static Optional<String> windowProblem() {
        if (!System.getProperty("os.name", "").equals("Linux")) return Optional.empty();
        return missingGtk(GTK);
    }

    /** Whether {@code library} (GTK 3) loads; if not, what to install. */
    static Optional<String> missingGtk(String library) {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup.libraryLookup(library, arena);
            return Optional.empty();
        } catch (IllegalArgumentException | IllegalCallerException e) {
            return Optional.of("workbench: the window needs GTK 3 (" + library + " cannot be loaded): sudo apt-get install libgtk-3-0"
                    + " — or tune without a window: workbench tune PROJECT");
        }
    }
}
