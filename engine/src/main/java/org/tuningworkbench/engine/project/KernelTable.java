package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.Language;

/** Reads {@code [kernel]}: the source file, its entry function and its language. */
final class KernelTable {

    /**
     * What {@code [kernel]} says; any part is null when missing or wrong (its error is recorded).
     *
     * @param table          the {@code [kernel]} table itself, where the work sizes of a device kernel may be given
     * @param injectsDefines {@code inject = "defines"}: parameters no marker declares are written as {@code #define}s
     * @param harness        {@code harness = "..."}: the project's own program that runs and times each variant, or null
     */
    record Read(TomlTable table, Path source, String entry, Language language, String harness, boolean injectsDefines) {
        static final Read NONE = new Read(null, null, null, null, null, false);
    }

    private final TableReader reader;

    KernelTable(TableReader reader) {
        this.reader = reader;
    }

    Read read(TomlTable root) {
        TomlTable t = reader.table(root, "kernel", true);
        if (t == null) return Read.NONE;
        reader.checkKeys(t, Set.of("source", "entry", "language", "global", "local", "harness", "inject"));
        String harness = reader.string(t, "harness", false);
        if (harness != null && harness.isBlank()) {
            reader.error(t, "harness", "the harness is empty: give the command that runs and times a variant, such as \"python3 harness.py\"");
            harness = null;
        }
        String source = reader.string(t, "source", true);
        String entry = reader.string(t, "entry", !root.contains("launches"));
        if (entry != null && !TableReader.IDENTIFIER.matcher(entry).matches()) {
            reader.error(t, "entry", "the entry `" + entry + "` is not a function name");
        }
        Path kernel = source == null ? null : reader.resolve(t, "source", source);
        Language language = null;
        if (kernel != null) {
            if (!Files.isRegularFile(kernel)) reader.error(t, "source", "kernel file not found: " + kernel);
            String declared = reader.string(t, "language", false);
            if (declared != null) {
                language = Language.fromProjectName(declared).orElse(null);
                if (language == null) reader.error(t, "language", "unknown language `" + declared + "`; use \"c\", \"c++\" or \"opencl\"");
            } else {
                language = Language.fromFileName(kernel).orElse(harness != null ? Language.OTHER : null);
                if (language == null) {
                    reader.error(t, "source", "cannot tell the language of " + kernel.getFileName() + " from its extension; set language = \"c\" or \"c++\", or run it with your own harness = \"...\"");
                }
            }
        }
        String inject = reader.string(t, "inject", false);
        if (inject != null && !inject.equals("defines")) {
            reader.error(t, "inject", "inject = \"defines\" writes each parameter no marked line declares as #define NAME VALUE before the kernel;"
                    + " found \"" + inject + "\"");
        }
        return new Read(t, kernel, entry, language, harness, "defines".equals(inject));
    }
}
