package org.tuningworkbench.engine.build;

import java.util.Map;
import org.tuningworkbench.bridge.Launcher;

/**
 * How a source file of a project becomes a program: the launcher around it and the command that
 * builds the two. A backend gives it ({@code backend.Backend}); the build service follows it for
 * every variant, its golden reference and its baseline.
 */
public interface BuildRecipe {

    /** The launcher that calls {@code entry} of {@code fileName} (a variant of the kernel, or another source of the project). */
    Launcher launcher(String fileName, String entry);

    /** The launcher for the config {@code params}, which may decide a device kernel's work sizes ({@code [launch]}). */
    default Launcher launcher(String fileName, String entry, Map<String, String> params) {
        return launcher(fileName, entry);
    }

    /** The build command for {@code fileName}, with the placeholders of {@code BuildSettings}. */
    String command(String fileName);

    /** What builds the programs, as the records name it (a compiler and its version, or a script and its contents). */
    Toolchain toolchain() throws ToolchainException;
}
