package org.tuningworkbench.engine.configs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tuningworkbench.engine.marker.TunableLine;
import org.tuningworkbench.engine.marker.TunableSource;

/**
 * A first project for a bare kernel file: the entry is the function holding the tunable lines (or
 * the last one defined), its arguments are guessed from the signature, and the one config is the
 * source's current values. The person edits it from there; every guess is written as plain text.
 */
public final class KernelProject {

    private static final Pattern FUNCTION = Pattern.compile(
            "^[ \\t]*(?:extern\\s+\"C\"\\s+)?(static\\s+)?(?:inline\\s+)?(?:__kernel\\s+|kernel\\s+)?(?:void|int|float|double)\\s+([A-Za-z_]\\w*)\\s*\\(([^)]*)\\)\\s*\\{",
            Pattern.MULTILINE);
    private static final Pattern PARAMETER = Pattern.compile("(.*?)([A-Za-z_]\\w*)\\s*(\\[\\s*])?\\s*$", Pattern.DOTALL);
    private static final Map<String, String> ELEMENT = Map.ofEntries(
            Map.entry("float", "f32"), Map.entry("double", "f64"), Map.entry("int", "i32"), Map.entry("int32_t", "i32"),
            Map.entry("int64_t", "i64"), Map.entry("long", "i64"), Map.entry("int8_t", "i8"), Map.entry("char", "i8"),
            Map.entry("uint8_t", "u8"), Map.entry("unsigned char", "u8"), Map.entry("_Float16", "f16"), Map.entry("__bf16", "bf16"));
    private static final List<String> SCALARS = List.of("int", "long", "size_t", "int32_t", "int64_t", "uint32_t", "uint64_t",
            "unsigned", "unsigned int", "float", "double");

    private KernelProject() {}

    /**
     * A project file drafted for a kernel, and each guess it made, in words a person can check
     * ({@code alpha: a float scalar, set to n}) before it is written.
     */
    public record Draft(String text, List<String> guesses) {}

    /** The text of a project file for {@code kernel} (whose text is {@code source}), to be saved beside it. */
    public static String forKernel(Path kernel, String source) {
        return draft(kernel, source).text();
    }

    /** The project file for {@code kernel} and the guesses in it, to be shown before the file is written. */
    public static Draft draft(Path kernel, String source) {
        Signature entry = entry(source);
        var guesses = new ArrayList<String>();
        String name = kernel.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        var out = new StringBuilder();
        out.append("# A first project for ").append(kernel.getFileName()).append(", written by the workbench.\n");
        out.append("# Check the arguments below: they were guessed from the signature of the entry function.\n");
        out.append("name = ").append(ProjectText.string(name)).append("\n\n");
        out.append("[kernel]\nsource = ").append(ProjectText.string(kernel.getFileName().toString())).append('\n');
        out.append("entry = ").append(ProjectText.string(entry == null ? "kernel" : entry.name)).append("\n");
        if (kernel.getFileName().toString().endsWith(".cl")) {
            out.append("global = \"n\"                     # OpenCL: work items per dimension\n");
            guesses.add("OpenCL work size: n work items in one dimension, in work groups of the kernel's reqd_work_group_size or the driver's choice");
        }
        out.append('\n');
        guesses.add(entry == null ? "entry: no function was found; \"kernel\" is a placeholder for the function to call"
                : "entry: " + entry.name + ", the function that holds the tunable lines");
        out.append("[sizes]\nn = 1024\n\n");
        guesses.add("size n = 1024: every buffer holds n elements and every integer scalar is n");
        List<String> args = entry == null ? List.of() : entry.parameters;
        int lastOutput = -1;
        for (int i = 0; i < args.size(); i++) if (isPointer(args.get(i)) && !args.get(i).contains("const")) lastOutput = i;
        if (args.isEmpty()) {
            out.append("# No arguments were found; describe each argument of the entry, in order.\n");
            out.append("[[args]]\nname = \"n\"\nscalar = \"int\"\nvalue = \"n\"\n\n");
            guesses.add("arguments: none were found in the signature; one int n is a placeholder");
        }
        for (int i = 0; i < args.size(); i++) {
            out.append(arg(args.get(i), i, i == lastOutput, guesses)).append('\n');
        }
        out.append("# A golden result checks every config's output, for example:\n");
        out.append("# [golden]\n# function = \"reference\"   # same arguments as the entry\n# tolerance = \"exact\"\n\n");
        guesses.add("no golden result: configs are measured but their outputs are not verified; add [golden] to check them");
        out.append("# The work of one call, for GFLOP/s and the roofline, for example:\n");
        out.append("# [work]\n# flops = \"2 * n\"\n# bytes = \"12 * n\"\n\n");
        guesses.add("no [work]: without the flops of one call, results show latency but no GFLOP/s");
        out.append("[measure]\nwarmup_ms = 50\nrepeat = 10\nmin_sample_ms = 10\ntimeout_s = 60\n");
        var current = new LinkedHashMap<String, String>();
        for (TunableLine line : TunableSource.parse(kernel, source).parameters().values()) current.put(line.name(), line.value());
        return new Draft(ProjectText.withConfigs(out.toString(), current.isEmpty() ? List.of() : List.of(current)), List.copyOf(guesses));
    }

    private record Signature(String name, List<String> parameters) {}

    private static Signature entry(String source) {
        var functions = new ArrayList<int[]>();
        var found = new ArrayList<Signature>();
        Matcher m = FUNCTION.matcher(source);
        while (m.find()) {
            if (m.group(1) != null) continue;
            found.add(new Signature(m.group(2), splitParameters(m.group(3))));
            functions.add(new int[] {m.start()});
        }
        if (found.isEmpty()) return null;
        int marker = source.indexOf("// tunable");
        if (marker >= 0) {
            for (int i = functions.size() - 1; i >= 0; i--) if (functions.get(i)[0] < marker) return found.get(i);
        }
        return found.getLast();
    }

    private static List<String> splitParameters(String list) {
        var out = new ArrayList<String>();
        int depth = 0;
        var current = new StringBuilder();
        for (char c : list.toCharArray()) {
            if (c == '<' || c == '(') depth++;
            if (c == '>' || c == ')') depth--;
            if (c == ',' && depth == 0) {
                out.add(current.toString().strip());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (!current.toString().isBlank()) out.add(current.toString().strip());
        if (out.size() == 1 && out.getFirst().equals("void")) return List.of();
        return out;
    }

    private static boolean isPointer(String parameter) {
        return parameter.contains("*") || parameter.matches(".*\\[\\s*]\\s*$");
    }

    private static String arg(String parameter, int index, boolean output, List<String> guesses) {
        Matcher m = PARAMETER.matcher(parameter);
        String name = m.matches() ? m.group(2) : "arg" + index;
        String type = (m.matches() ? m.group(1) : parameter).replaceAll("\\b(?:__global|global|__constant|constant|__local|local)\\b", " ")
                .replace("*", " ").replace("const", " ")
                .replace("__restrict__", " ").replace("__restrict", " ").replace("restrict", " ").strip().replaceAll("\\s+", " ");
        var out = new StringBuilder("[[args]]\nname = ").append(ProjectText.string(name)).append('\n');
        if (isPointer(parameter)) {
            String element = ELEMENT.getOrDefault(type, "f32");
            out.append("buffer = \"").append(element).append("[n]\"\n");
            String init = element.startsWith("f") ? "random(-1, 1)" : "randint(-4, 4)";
            if (output) out.append("output = true\n");
            else out.append("init = \"").append(init).append("\"\n");
            guesses.add(name + ": a buffer of n " + element + (output ? ", the output that is checked" : ", filled with " + init));
        } else if (SCALARS.contains(type)) {
            out.append("scalar = ").append(ProjectText.string(type)).append("\nvalue = \"n\"\n");
            // "an int", "an unsigned", but "a uint32_t" (said "you-int"), "a float".
            guesses.add(name + ": " + (type.startsWith("i") || type.startsWith("unsigned") ? "an " : "a ") + type + " scalar, set to n");
        } else {
            out.append("struct = ").append(ProjectText.string(type)).append("\nvalue = \"{}\"   # fill in the fields\n");
            guesses.add(name + ": a " + type + " passed with its fields zero; fill them in");
        }
        return out.toString();
    }
}
