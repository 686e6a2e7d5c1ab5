package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.KernelArg;

/** Reads {@code [golden]}: where the right results come from and how close a config's outputs must be to them. */
final class GoldenTable {

    private final TableReader reader;

    GoldenTable(TableReader reader) {
        this.reader = reader;
    }

    /** {@code [golden]} as a whole: the expected outputs and the tolerance; outputs not checked when the project has no such table. */
    CheckSettings read(TomlTable t, Path kernel, List<KernelArg> args) {
        if (t == null) return CheckSettings.NONE;
        Golden golden = golden(t, kernel, args);
        return new CheckSettings(golden, tolerance(t));
    }

    private Golden golden(TomlTable t, Path kernel, List<KernelArg> args) {
        reader.checkKeys(t, Set.of("function", "kernel", "source", "files", "tolerance", "atol", "rtol", "nan_equal"));
        if (t.contains("kernel")) return otherKernel(t, kernel);
        if (t.contains("function") == t.contains("files")) {
            reader.error(t, null, "[golden] needs either function = \"reference_name\" (same arguments as the entry) or files = { output = \"golden.npy\" }");
            return new Golden.None();
        }
        if (t.contains("function")) {
            String function = reader.string(t, "function", true);
            String source = reader.string(t, "source", false);
            Path path = source == null ? kernel : reader.resolve(t, "source", source);
            if (source != null && path != null && !Files.isRegularFile(path)) reader.error(t, "source", "reference source not found: " + path);
            if (function != null && !TableReader.IDENTIFIER.matcher(function).matches()) reader.error(t, "function", "`" + function + "` is not a function name");
            return new Golden.Reference(path, function);
        }
        TomlTable files = reader.table(t, "files", true);
        var byOutput = new LinkedHashMap<String, Path>();
        if (files != null) {
            for (String output : files.keySet()) {
                boolean isOutput = args.stream().anyMatch(a -> a instanceof KernelArg.Buffer b && b.output() && b.name().equals(output));
                if (!isOutput) reader.error(files, output, "`" + output + "` is not an output buffer (mark it output = true in [[args]])");
                String relative = reader.string(files, output, true);
                if (relative == null) continue;
                Path path = reader.resolve(files, output, relative);
                if (path == null) continue;
                if (!Files.isRegularFile(path)) reader.error(files, output, "golden file not found: " + path);
                byOutput.put(output, path);
            }
        }
        return new Golden.Files(byOutput);
    }

    /** {@code kernel = "naive"}: another kernel of the kernel's own file, with the entry's arguments, gives the golden result. */
    private Golden otherKernel(TomlTable t, Path kernel) {
        for (String other : List.of("function", "files", "source")) {
            if (t.contains(other)) reader.error(t, other, "[golden] kernel = \"NAME\" takes another kernel of the same file; give it without `" + other + "`");
        }
        String name = reader.string(t, "kernel", true);
        if (name != null && !TableReader.IDENTIFIER.matcher(name).matches()) reader.error(t, "kernel", "`" + name + "` is not a kernel name");
        return new Golden.Reference(kernel, name);
    }

    private Tolerance tolerance(TomlTable t) {
        if (!t.contains("tolerance") && !t.contains("atol") && !t.contains("rtol")) {
            // No tolerance given: exact, but f16 and bf16 outputs are compared with their own defaults.
            Boolean nanEqual = t.contains("nan_equal") ? reader.bool(t, "nan_equal") : Boolean.FALSE;
            return Tolerance.UNSET.withNanEqual(Boolean.TRUE.equals(nanEqual));
        }
        String named = reader.string(t, "tolerance", false);
        if (named != null && !named.equals("exact")) reader.error(t, "tolerance", "tolerance must be \"exact\", or give atol and rtol");
        if (named != null && (t.contains("atol") || t.contains("rtol"))) reader.error(t, "tolerance", "give either tolerance = \"exact\" or atol/rtol, not both");
        Double atol = t.contains("atol") ? reader.number(t, "atol") : Double.valueOf(0);
        Double rtol = t.contains("rtol") ? reader.number(t, "rtol") : Double.valueOf(0);
        Boolean nanEqual = t.contains("nan_equal") ? reader.bool(t, "nan_equal") : Boolean.FALSE;
        if (atol == null || rtol == null || nanEqual == null) return Tolerance.EXACT;
        if (!(atol >= 0) || !(rtol >= 0) || atol.isInfinite() || rtol.isInfinite()) {
            reader.error(t, !(atol >= 0) || atol.isInfinite() ? "atol" : "rtol", "tolerances must be finite and zero or positive");
            return Tolerance.EXACT;
        }
        return new Tolerance(atol, rtol, nanEqual);
    }
}
