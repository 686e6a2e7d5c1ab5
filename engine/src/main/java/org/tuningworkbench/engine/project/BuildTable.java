package org.tuningworkbench.engine.project;

import java.time.Duration;
import java.util.Set;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.Language;

/** Reads {@code [build]}: the command that builds a variant and how long it may take. */
final class BuildTable {

    private final TableReader reader;

    BuildTable(TableReader reader) {
        this.reader = reader;
    }

    BuildSettings read(TomlTable t, Language language) {
        String command = language == null ? "" : language.defaultBuildCommand();
        Duration timeout = Duration.ofSeconds(120);
        if (t != null) {
            reader.checkKeys(t, Set.of("command", "flags", "timeout_s"));
            String given = reader.string(t, "command", false);
            if (given != null) {
                if (!given.contains("{output}")) reader.error(t, "command", "the build command must write {output}, the program to run");
                if (!given.contains("{source}")) reader.error(t, "command", "the build command must compile {source}, the generated launcher that includes the variant");
                command = given;
            }
            String flags = reader.string(t, "flags", false);
            if (flags != null) command = command + " " + flags;
            if (t.contains("timeout_s")) timeout = reader.seconds(t, "timeout_s", timeout);
        }
        return new BuildSettings(command, timeout);
    }
}
