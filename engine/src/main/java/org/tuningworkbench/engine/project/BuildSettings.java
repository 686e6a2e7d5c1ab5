package org.tuningworkbench.engine.project;

import java.time.Duration;
import java.util.Optional;

/**
 * How a variant becomes a program.
 *
 * @param command the build command line; placeholders: {@code {source}} the generated translation
 *                unit (launcher plus variant), {@code {output}} the program to write,
 *                {@code {kernel_dir}} the folder of the user's kernel (for its includes),
 *                {@code {work_dir}} the variant's private folder; empty for a harness that needs no build
 * @param timeout limit on one build
 * @param harness the project's own program that runs and times a variant ({@code [kernel] harness}), when it has one:
 *                then {@code {source}} is the variant's own file and {@code {output}} what the command builds for the harness
 * @param deviceFlags an OpenCL kernel's options for the device's compiler ({@code [build] flags}, as Kernel Tuner's
 *                {@code compiler_options} go to {@code clBuildProgram}); empty for any other kernel, whose flags are in the command
 */
public record BuildSettings(String command, Duration timeout, Optional<String> harness, String deviceFlags) {

    public BuildSettings {
        if (harness == null) harness = Optional.empty();
        if (deviceFlags == null) deviceFlags = "";
    }

    /** The settings of a kernel the generated launcher runs, built by the command alone. */
    public BuildSettings(String command, Duration timeout) {
        this(command, timeout, Optional.empty(), "");
    }
}
