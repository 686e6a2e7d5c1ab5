package org.tuningworkbench.engine.project;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.Language;

/** Reads {@code [build]}: the command that builds a variant, its flags (an OpenCL kernel's for the device's compiler) and how long it may take. */
final class BuildTable {

    private final TableReader reader;

    BuildTable(TableReader reader) {
        this.reader = reader;
    }

    /** {@code harness}: the project's own harness command, or null; its build command is optional and builds for the harness. */
    BuildSettings read(TomlTable t, Language language, String harness) {
        String command = language == null || harness != null ? "" : language.defaultBuildCommand();
        String deviceFlags = "";
        Duration timeout = Duration.ofSeconds(120);
        if (t != null) {
            reader.checkKeys(t, Set.of("command", "flags", "timeout_s"));
            String given = reader.string(t, "command", false);
            if (given != null) {
                if (harness == null && !given.contains("{output}")) reader.error(t, "command", "the build command must write {output}, the program to run");
                if (harness == null && !given.contains("{source}")) {
                    reader.error(t, "command", "the build command must compile {source}, the generated launcher that includes the variant");
                }
                command = given;
            }
            String flags = reader.string(t, "flags", false);
            // An OpenCL kernel is compiled by the device's driver: its flags are the driver's, the host program needs none.
            if (flags != null && language == Language.OPENCL && harness == null) deviceFlags = flags.strip().replaceAll("\\s+", " ");
            else if (flags != null) command = command + " " + flags;
            if (t.contains("timeout_s")) timeout = reader.seconds(t, "timeout_s", timeout);
            if (!reader.inRange(t, "timeout_s", Range.BUILD_TIMEOUT_S, timeout.toMillis() / 1000.0)) timeout = Duration.ofSeconds(120);
        }
        return new BuildSettings(command, timeout, Optional.ofNullable(harness), deviceFlags);
    }
}
