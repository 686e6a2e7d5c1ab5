package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.run.Racing;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.space.Constraint;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * Reads a project file (TOML). Every problem found is reported with the file, line and column of
 * the key it concerns; all of them are collected before giving up, so one pass fixes them all.
 * See {@code docs/project-format.md} for the format.
 */
public final class ProjectFile {

    private static final Pattern BUFFER = Pattern.compile("\\s*(\\w+)\\s*\\[(.*)]\\s*");
    private static final Pattern CALL = Pattern.compile("\\s*(\\w+)\\s*(?:\\((.*)\\))?\\s*");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

    /** A project file is a page of settings; anything this large is another file given by mistake. */
    private static final long MAX_PROJECT_BYTES = 1 << 20;

    private final Path file;
    private final List<ProjectError> errors = new ArrayList<>();

    private ProjectFile(Path file) {
        this.file = file;
    }

    /**
     * Reads a project file; a folder stands for the {@code project.toml} in it, as people type it.
     * {@code sizeOverrides} replace values of {@code [sizes]} (for example, smaller shapes in tests).
     */
    public static Project load(Path file, Map<String, Long> sizeOverrides) throws ProjectException {
        if (Files.isDirectory(file)) file = file.resolve("project.toml");
        String text;
        try {
            if (Files.exists(file) && !Files.isRegularFile(file)) throw new IOException("it is not a regular file");
            if (Files.exists(file) && Files.size(file) > MAX_PROJECT_BYTES) throw new IOException("it is larger than " + MAX_PROJECT_BYTES / 1024 + " KiB");
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ProjectException(new ProjectError(file, 0, 0, "project file not found"));
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ProjectException(new ProjectError(file, 0, 0, "cannot read the project file: it is not UTF-8 text (a project file is TOML)"));
        } catch (IOException e) {
            throw new ProjectException(new ProjectError(file, 0, 0, "cannot read the project file: " + e.getMessage()));
        }
        return parse(file, text, sizeOverrides);
    }

    public static Project load(Path file) throws ProjectException {
        return load(file, Map.of());
    }

    /**
     * The project's lesson ({@code [lesson]} and its {@code [[lesson.step]]} entries), read again from
     * its file; empty when it has none. Its errors are those {@link #load} reports.
     */
    public static Optional<Lesson> lesson(Project project) throws ProjectException {
        Path file = project.file();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ProjectException(new ProjectError(file, 0, 0, "cannot read the project file: " + e.getMessage()));
        }
        var reader = new ProjectFile(file);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            toml.errors().forEach(e -> reader.errors.add(new ProjectError(file, e.position().line(), e.position().column(), e.getMessage())));
            throw new ProjectException(reader.errors);
        }
        Optional<Lesson> lesson = new LessonTable(reader).read(toml, project.name(), project.configs());
        if (!reader.errors.isEmpty()) throw new ProjectException(reader.errors);
        return lesson;
    }

    public static Project parse(Path file, String text, Map<String, Long> sizeOverrides) throws ProjectException {
        var reader = new ProjectFile(file);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            toml.errors().forEach(e -> reader.errors.add(new ProjectError(file, e.position().line(), e.position().column(),
                    e.getMessage().replaceFirst("\\s*\\(line \\d+, column \\d+\\)$", ""))));
            throw new ProjectException(reader.errors);
        }
        Project project = reader.read(toml, sizeOverrides);
        if (!reader.errors.isEmpty()) throw new ProjectException(reader.errors);
        return project;
    }

    private Project read(TomlTable root, Map<String, Long> sizeOverrides) {
        checkKeys(root, Set.of("name", "kernel", "sizes", "args", "golden", "baseline", "work", "build", "measure", "configs", "space", "search",
                "launches", "device", "target", "lesson"));
        TomlTable kernelTable = table(root, "kernel", true);
        Path kernel = null;
        String entry = null;
        Language language = null;
        if (kernelTable != null) {
            checkKeys(kernelTable, Set.of("source", "entry", "language", "global", "local"));
            String source = string(kernelTable, "source", true);
            entry = string(kernelTable, "entry", !root.contains("launches"));
            if (entry != null && !IDENTIFIER.matcher(entry).matches()) {
                error(kernelTable, "entry", "the entry `" + entry + "` is not a function name");
            }
            if (source != null) kernel = resolve(kernelTable, "source", source);
            if (kernel != null) {
                if (!Files.isRegularFile(kernel)) error(kernelTable, "source", "kernel file not found: " + kernel);
                String declared = string(kernelTable, "language", false);
                if (declared != null) {
                    language = Language.fromProjectName(declared).orElse(null);
                    if (language == null) error(kernelTable, "language", "unknown language `" + declared + "`; use \"c\", \"c++\" or \"opencl\"");
                } else {
                    language = Language.fromFileName(kernel).orElse(null);
                    if (language == null) {
                        error(kernelTable, "source", "cannot tell the language of " + kernel.getFileName() + " from its extension; set language = \"c\" or \"c++\"");
                    }
                }
            }
        }
        Sizes sizes = sizes(table(root, "sizes", false), sizeOverrides);
        List<KernelArg> args = args(root, sizes);
        var device = new DeviceLaunches(this::error, this::errorAt);
        List<KernelLaunch> launches = device.launches(root, kernelTable, language, entry, args, sizes);
        DeviceChoice deviceChoice = device.choice(table(root, "device", false), language, file);
        if (entry == null && !launches.isEmpty()) entry = launches.getFirst().kernel();
        Golden golden = new Golden.None();
        Tolerance tolerance = Tolerance.EXACT;
        TomlTable goldenTable = table(root, "golden", false);
        if (goldenTable != null) {
            golden = golden(goldenTable, kernel, args);
            tolerance = tolerance(goldenTable);
        }
        OptionalDouble flops = OptionalDouble.empty();
        OptionalDouble bytes = OptionalDouble.empty();
        TomlTable work = table(root, "work", false);
        if (work != null) {
            checkKeys(work, Set.of("flops", "bytes"));
            flops = expression(work, "flops", sizes);
            bytes = expression(work, "bytes", sizes);
        }
        BuildSettings build = build(table(root, "build", false), language);
        TomlTable measureTable = table(root, "measure", false);
        MeasureSettings measure = measure(measureTable);
        // A GPU's OpenCL driver reserves address space for the device's memory: the default address-space limit would stop it at start.
        if (language == Language.OPENCL && (measureTable == null || !measureTable.contains("memory_limit_mb"))) measure = measure.withMemoryLimitMb(0);
        List<Config> configs = configs(root);
        Optional<SearchSpace> space = space(table(root, "space", false), sizes);
        SearchSettings search = search(table(root, "search", false));
        Optional<Baseline> baseline = baseline(table(root, "baseline", false), kernel);
        String name = Optional.ofNullable(string(root, "name", false)).orElse(defaultName());
        new LessonTable(this).read(root, name, configs);
        if (errors.isEmpty()) MemoryBudget.check(args, measure).ifPresent(message -> errors.add(new ProjectError(file, 0, 0, message)));
        if (!errors.isEmpty()) return null;
        return new Project(file, name, kernel, language, entry, sizes.values(), args, golden, tolerance, flops, bytes, build, measure,
                configs, baseline, space, search, launches, deviceChoice);
    }

    private String defaultName() {
        Path dir = directory().getFileName();
        return dir == null ? file.getFileName().toString() : dir.toString();
    }

    Path directory() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    private Sizes sizes(TomlTable table, Map<String, Long> overrides) {
        var values = new LinkedHashMap<String, Long>();
        var broken = new java.util.HashSet<String>();
        if (table != null) {
            for (String key : table.keySet()) {
                if (!IDENTIFIER.matcher(key).matches()) {
                    error(table, key, "size name `" + key + "` must be an identifier");
                } else if (table.isLong(List.of(key))) {
                    values.put(key, table.getLong(List.of(key)));
                } else {
                    Object found = table.get(List.of(key));
                    error(table, key, "size `" + key + "` must be a whole number, found " + (found instanceof String text ? "\"" + text + "\"" : found));
                    broken.add(key);
                }
            }
        }
        for (var override : overrides.entrySet()) {
            if (values.containsKey(override.getKey()) || broken.remove(override.getKey())) {
                values.put(override.getKey(), override.getValue());
            } else {
                var names = table == null ? List.<String>of() : table.keySet().stream().filter(k -> IDENTIFIER.matcher(k).matches()).toList();
                errors.add(new ProjectError(file, 0, 0, "cannot set size `" + override.getKey() + "`: the project's [sizes] has "
                        + (names.isEmpty() ? "none" : String.join(", ", names))));
            }
        }
        return new Sizes(values, broken);
    }

    private List<KernelArg> args(TomlTable root, Sizes sizes) {
        var args = new ArrayList<KernelArg>();
        TomlArray array = array(root, "args");
        if (array == null) {
            error(root, null, "the project lists no [[args]]: describe each argument of the entry function, in order");
            return args;
        }
        var names = new java.util.HashSet<String>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof TomlTable t)) {
                errorAt(array.inputPositionOf(i), "each entry of args must be a table");
                continue;
            }
            checkKeys(t, Set.of("name", "buffer", "init", "output", "scalar", "struct", "value"));
            String name = string(t, "name", true);
            if (name == null) continue;
            if (!IDENTIFIER.matcher(name).matches()) {
                error(t, "name", "argument name `" + name + "` must be an identifier");
                continue;
            }
            if (!names.add(name)) error(t, "name", "argument `" + name + "` is listed twice");
            KernelArg arg = arg(t, name, sizes);
            if (arg != null) args.add(arg);
        }
        return args;
    }

    private KernelArg arg(TomlTable t, String name, Sizes sizes) {
        int kinds = (t.contains("buffer") ? 1 : 0) + (t.contains("scalar") ? 1 : 0) + (t.contains("struct") ? 1 : 0);
        if (kinds != 1) {
            error(t, "name", "argument `" + name + "` must have exactly one of buffer = \"f32[m, k]\", scalar = \"int\" or struct = \"TypeName\"");
            return null;
        }
        if (t.contains("buffer")) return buffer(t, name, sizes);
        String type = string(t, t.contains("scalar") ? "scalar" : "struct", true);
        String value = string(t, "value", true);
        if (type == null || value == null) return null;
        if (t.contains("scalar")) {
            try {
                double v = sizes.evaluate(value);
                boolean floating = type.matches(".*\\b(float|double)\\b.*");
                if (floating) return new KernelArg.Value(name, type, Double.toString(v));
                long whole = sizes.evaluateWhole(value);
                var range = CTypes.range(type);
                if (range.isPresent() && !range.get().contains(whole)) {
                    throw new IllegalArgumentException(whole + " does not fit in " + type + " (" + range.get().min() + " to " + range.get().max()
                            + "); it would be cut to another value");
                }
                return new KernelArg.Value(name, type, Long.toString(whole));
            } catch (IllegalArgumentException e) {
                sizesError(t, "value", "argument `" + name + "`: ", e);
                return null;
            }
        }
        try {
            return new KernelArg.Value(name, type, sizes.substituteInto(value));
        } catch (Sizes.BrokenSize e) {
            return null;
        }
    }

    private KernelArg buffer(TomlTable t, String name, Sizes sizes) {
        String spec = string(t, "buffer", true);
        if (spec == null) return null;
        Matcher m = BUFFER.matcher(spec);
        if (!m.matches()) {
            error(t, "buffer", "buffer `" + name + "`: write its type and shape as \"f32[m, k]\", found \"" + spec + "\"");
            return null;
        }
        Optional<ElementType> type = ElementType.fromProjectName(m.group(1));
        if (type.isEmpty()) {
            error(t, "buffer", "buffer `" + name + "`: unknown element type `" + m.group(1) + "`; use f16, bf16, f32, f64, i32, i64, i8 or u8");
            return null;
        }
        var shape = new ArrayList<Long>();
        for (String dim : m.group(2).split(",")) {
            try {
                long extent = sizes.evaluateWhole(dim.strip());
                if (extent <= 0) throw new IllegalArgumentException("`" + dim.strip() + "` is " + extent + "; extents must be positive");
                shape.add(extent);
            } catch (IllegalArgumentException e) {
                sizesError(t, "buffer", "buffer `" + name + "`: ", e);
                return null;
            }
        }
        try {
            Math.multiplyExact(shape.stream().reduce(1L, Math::multiplyExact), (long) type.get().bytes());
        } catch (ArithmeticException e) {
            error(t, "buffer", "buffer `" + name + "`: " + type.get().projectName() + shape + " is more than 2^63 bytes");
            return null;
        }
        BufferInit init = init(t, name, type.get(), shape);
        Boolean output = t.contains("output") ? bool(t, "output") : Boolean.FALSE;
        if (init == null || output == null) return null;
        return new KernelArg.Buffer(name, type.get(), shape, init, output);
    }

    private BufferInit init(TomlTable t, String name, ElementType type, List<Long> shape) {
        String spec = Optional.ofNullable(string(t, "init", false)).orElse("zeros");
        Matcher m = CALL.matcher(spec);
        String usage = "; use zeros, ones, range(start, step), random(low, high), randint(low, high) or file(name.npy)";
        if (!m.matches()) {
            error(t, "init", "buffer `" + name + "`: cannot read init \"" + spec + "\"" + usage);
            return null;
        }
        String kind = m.group(1);
        String inner = m.group(2) == null ? "" : m.group(2).strip();
        try {
            double[] p = kind.equals("file") ? new double[0] : numbers(inner);
            return switch (kind) {
                case "zeros" -> { expectCount(p, 0, kind); yield new BufferInit.Zeros(); }
                case "ones" -> { expectCount(p, 0, kind); yield new BufferInit.Ones(); }
                case "range" -> p.length == 0 ? new BufferInit.Range(0, 1) : pair(p, kind, (a, b) -> new BufferInit.Range(a, b));
                case "random" -> p.length == 0 ? new BufferInit.Random(-1, 1, false) : pair(p, kind, (a, b) -> new BufferInit.Random(a, b, false));
                case "randint" -> p.length == 0 ? new BufferInit.Random(-4, 4, true) : pair(p, kind, (a, b) -> new BufferInit.Random(a, b, true));
                case "file" -> npyInit(inner, type, shape);
                default -> throw new IllegalArgumentException("unknown init `" + kind + "`" + usage);
            };
        } catch (IllegalArgumentException e) {
            error(t, "init", "buffer `" + name + "`: " + e.getMessage());
            return null;
        }
    }

    private BufferInit npyInit(String relative, ElementType type, List<Long> shape) {
        if (relative.isEmpty()) throw new IllegalArgumentException("file(...) needs a .npy path");
        Path path;
        try {
            path = directory().resolve(relative.replaceAll("^[\"']|[\"']$", "")).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("file(...) does not name a file: " + e.getReason());
        }
        try {
            // The header alone: the data is read by the launcher, into a buffer of the checked size.
            var array = org.tuningworkbench.bridge.NpyArray.header(path);
            if (array.type() != type) throw new IllegalArgumentException(path.getFileName() + " holds " + array.type().projectName() + ", the buffer is " + type.projectName());
            if (!array.shape().equals(shape)) throw new IllegalArgumentException(path.getFileName() + " has shape " + array.shape() + ", the buffer has " + shape);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + (e instanceof NoSuchFileException ? "file not found" : e.getMessage()));
        }
        return new BufferInit.NpyFile(path);
    }

    private static double[] numbers(String inner) {
        if (inner.isEmpty()) return new double[0];
        String[] parts = inner.split(",");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("`" + parts[i].strip() + "` is not a number");
            }
        }
        return out;
    }

    private static void expectCount(double[] p, int count, String kind) {
        if (p.length != count) throw new IllegalArgumentException(kind + " takes " + count + " numbers, found " + p.length);
    }

    private static BufferInit pair(double[] p, String kind, java.util.function.BiFunction<Double, Double, BufferInit> make) {
        expectCount(p, 2, kind);
        return make.apply(p[0], p[1]);
    }

    private Golden golden(TomlTable t, Path kernel, List<KernelArg> args) {
        checkKeys(t, Set.of("function", "source", "files", "tolerance", "atol", "rtol", "nan_equal"));
        if (t.contains("function") == t.contains("files")) {
            error(t, null, "[golden] needs either function = \"reference_name\" (same arguments as the entry) or files = { output = \"golden.npy\" }");
            return new Golden.None();
        }
        if (t.contains("function")) {
            String function = string(t, "function", true);
            String source = string(t, "source", false);
            Path path = source == null ? kernel : resolve(t, "source", source);
            if (source != null && path != null && !Files.isRegularFile(path)) error(t, "source", "reference source not found: " + path);
            if (function != null && !IDENTIFIER.matcher(function).matches()) error(t, "function", "`" + function + "` is not a function name");
            return new Golden.Reference(path, function);
        }
        TomlTable files = table(t, "files", true);
        var byOutput = new LinkedHashMap<String, Path>();
        if (files != null) {
            for (String output : files.keySet()) {
                boolean isOutput = args.stream().anyMatch(a -> a instanceof KernelArg.Buffer b && b.output() && b.name().equals(output));
                if (!isOutput) error(files, output, "`" + output + "` is not an output buffer (mark it output = true in [[args]])");
                String relative = string(files, output, true);
                if (relative == null) continue;
                Path path = resolve(files, output, relative);
                if (path == null) continue;
                if (!Files.isRegularFile(path)) error(files, output, "golden file not found: " + path);
                byOutput.put(output, path);
            }
        }
        return new Golden.Files(byOutput);
    }

    private Optional<Baseline> baseline(TomlTable t, Path kernel) {
        if (t == null) return Optional.empty();
        checkKeys(t, Set.of("label", "function", "source", "flags", "environments"));
        String function = string(t, "function", true);
        String source = string(t, "source", false);
        Path path = source == null ? kernel : resolve(t, "source", source);
        if (source != null && path != null && !Files.isRegularFile(path)) error(t, "source", "baseline source not found: " + path);
        if (function != null && !IDENTIFIER.matcher(function).matches()) error(t, "function", "`" + function + "` is not a function name");
        String label = Optional.ofNullable(string(t, "label", false)).orElse(function);
        String flags = Optional.ofNullable(string(t, "flags", false)).orElse("");
        var environments = new ArrayList<Map<String, String>>();
        Object listed = t.get(List.of("environments"));
        if (listed instanceof TomlArray array) {
            for (int i = 0; i < array.size(); i++) {
                if (!(array.get(i) instanceof TomlTable env)) {
                    errorAt(array.inputPositionOf(i), "each of [baseline] environments must be a table such as {OPENBLAS_CORETYPE = \"Haswell\"}");
                    continue;
                }
                var values = new LinkedHashMap<String, String>();
                for (String key : env.keySet()) {
                    if (env.get(List.of(key)) instanceof String value) values.put(key, value);
                    else errorAt(array.inputPositionOf(i), "[baseline] environments: `" + key + "` must be text in quotes");
                }
                environments.add(values);
            }
        } else if (listed != null) {
            error(t, "environments", "[baseline] environments must be a list of tables, e.g. [{OPENBLAS_CORETYPE = \"Haswell\"}, {}]");
        }
        return function == null || path == null ? Optional.empty() : Optional.of(new Baseline(label, path, function, flags, environments));
    }

    private Tolerance tolerance(TomlTable t) {
        if (!t.contains("tolerance") && !t.contains("atol") && !t.contains("rtol")) {
            // No tolerance given: exact, but f16 and bf16 outputs are compared with their own defaults.
            Boolean nanEqual = t.contains("nan_equal") ? bool(t, "nan_equal") : Boolean.FALSE;
            return Tolerance.UNSET.withNanEqual(Boolean.TRUE.equals(nanEqual));
        }
        String named = string(t, "tolerance", false);
        if (named != null && !named.equals("exact")) error(t, "tolerance", "tolerance must be \"exact\", or give atol and rtol");
        if (named != null && (t.contains("atol") || t.contains("rtol"))) error(t, "tolerance", "give either tolerance = \"exact\" or atol/rtol, not both");
        Double atol = t.contains("atol") ? number(t, "atol") : Double.valueOf(0);
        Double rtol = t.contains("rtol") ? number(t, "rtol") : Double.valueOf(0);
        Boolean nanEqual = t.contains("nan_equal") ? bool(t, "nan_equal") : Boolean.FALSE;
        if (atol == null || rtol == null || nanEqual == null) return Tolerance.EXACT;
        if (!(atol >= 0) || !(rtol >= 0) || atol.isInfinite() || rtol.isInfinite()) {
            error(t, !(atol >= 0) || atol.isInfinite() ? "atol" : "rtol", "tolerances must be finite and zero or positive");
            return Tolerance.EXACT;
        }
        return new Tolerance(atol, rtol, nanEqual);
    }

    /** The value of {@code [work] key}, an expression over the sizes; empty, with an error naming the key, when it has none. */
    private OptionalDouble expression(TomlTable t, String key, Sizes sizes) {
        String text = string(t, key, false);
        if (text == null) return OptionalDouble.empty();
        try {
            return OptionalDouble.of(sizes.evaluate(text));
        } catch (IllegalArgumentException e) {
            sizesError(t, key, "[work] " + key + ": ", e);
            return OptionalDouble.empty();
        }
    }

    private BuildSettings build(TomlTable t, Language language) {
        String command = language == null ? "" : language.defaultBuildCommand();
        Duration timeout = Duration.ofSeconds(120);
        if (t != null) {
            checkKeys(t, Set.of("command", "flags", "timeout_s"));
            String given = string(t, "command", false);
            if (given != null) {
                if (!given.contains("{output}")) error(t, "command", "the build command must write {output}, the program to run");
                if (!given.contains("{source}")) error(t, "command", "the build command must compile {source}, the generated launcher that includes the variant");
                command = given;
            }
            String flags = string(t, "flags", false);
            if (flags != null) command = command + " " + flags;
            if (t.contains("timeout_s")) timeout = seconds(t, "timeout_s", timeout);
        }
        return new BuildSettings(command, timeout);
    }

    private MeasureSettings measure(TomlTable t) {
        MeasureSettings m = MeasureSettings.DEFAULT;
        if (t == null) return m;
        checkKeys(t, Set.of("warmup_ms", "warmup_us", "warmup", "repeat", "min_sample_ms", "timeout_s", "seed", "memory_limit_mb", "device_ids",
                "racing", "race_margin", "race_min_samples"));
        try {
            List<String> warmups = java.util.stream.Stream.of("warmup", "warmup_us", "warmup_ms").filter(t::contains).toList();
            if (warmups.size() > 1) {
                error(t, warmups.get(1), "give the warm-up once: warmup (calls), warmup_us or warmup_ms, not " + String.join(" and ", warmups));
                return m;
            }
            Double warmup = Double.valueOf(m.warmupMs());
            Long warmupCalls = 0L;
            if (t.contains("warmup_ms")) warmup = number(t, "warmup_ms");
            if (t.contains("warmup_us")) {
                Double us = number(t, "warmup_us");
                warmup = us == null ? null : us / 1000;
            }
            if (t.contains("warmup")) {
                warmupCalls = whole(t, "warmup");
                warmup = 0.0;
                if (warmupCalls != null && (warmupCalls < 0 || warmupCalls > Integer.MAX_VALUE)) {
                    error(t, "warmup", "warmup is a number of calls, 0 or more (warmup_us or warmup_ms give it as a time)");
                    return m;
                }
            }
            if (warmup != null && warmup < 0) {
                error(t, warmups.getFirst(), "the warm-up must be zero or more");
                return m;
            }
            Double minSample = t.contains("min_sample_ms") ? number(t, "min_sample_ms") : Double.valueOf(m.minSampleMs());
            Long repeat = t.contains("repeat") ? whole(t, "repeat") : Long.valueOf(m.repeat());
            Long seed = t.contains("seed") ? whole(t, "seed") : Long.valueOf(m.seed());
            Duration timeout = t.contains("timeout_s") ? seconds(t, "timeout_s", m.runTimeout()) : m.runTimeout();
            Long memory = t.contains("memory_limit_mb") ? whole(t, "memory_limit_mb") : Long.valueOf(m.memoryLimitMb());
            List<Integer> devices = t.contains("device_ids") ? deviceIds(t) : List.of();
            Racing racing = racing(t, m.racing());
            if (warmup == null || warmupCalls == null || minSample == null || repeat == null || seed == null || memory == null || devices == null
                    || racing == null) return m;
            if (repeat < 1 || repeat > 1_000_000) {
                error(t, "repeat", "repeat must be between 1 and 1000000");
                return m;
            }
            if (memory < 0 || memory > 1L << 40) {
                error(t, "memory_limit_mb", "memory_limit_mb must be 0 (no limit) or a number of MB");
                return m;
            }
            return new MeasureSettings(warmup, repeat.intValue(), minSample, timeout, seed, memory, warmupCalls.intValue(), devices, racing);
        } catch (IllegalArgumentException e) {
            error(t, null, e.getMessage());
            return m;
        }
    }

    /** {@code racing = false}, {@code race_margin = 1.3}, {@code race_min_samples = 1}: what is not said stays as {@code base} has it; null after an error. */
    private Racing racing(TomlTable t, Racing base) {
        Boolean on = t.contains("racing") ? bool(t, "racing") : Boolean.valueOf(base.enabled());
        Double margin = t.contains("race_margin") ? number(t, "race_margin") : Double.valueOf(base.margin());
        Long min = t.contains("race_min_samples") ? whole(t, "race_min_samples") : Long.valueOf(base.minSamples());
        if (on == null || margin == null || min == null) return null;
        if (!(margin >= 1) || margin > 1000) {
            error(t, "race_margin", "race_margin is how many times slower than the best a config may be before it stops sampling: 1 or more, such as 1.3");
            return null;
        }
        if (min < 1 || min > 1_000_000) {
            error(t, "race_min_samples", "race_min_samples is the samples a config takes before racing may stop it: 1 or more");
            return null;
        }
        return new Racing(on, margin, min.intValue());
    }

    /** {@code device_ids = [2, 3]}: CPU numbers, each listed once. Whether this process may use them is checked when a run starts. */
    private List<Integer> deviceIds(TomlTable t) {
        Object value = t.get(List.of("device_ids"));
        String usage = "device_ids must list CPU numbers, such as device_ids = [2, 3]";
        if (!(value instanceof TomlArray array) || array.isEmpty()) {
            error(t, "device_ids", usage);
            return null;
        }
        var ids = new ArrayList<Integer>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof Long id) || id < 0 || id > 65535) {
                errorAt(array.inputPositionOf(i), usage);
                return null;
            }
            if (ids.contains(id.intValue())) {
                errorAt(array.inputPositionOf(i), "device_ids lists CPU " + id + " twice");
                return null;
            }
            ids.add(id.intValue());
        }
        return ids;
    }

    private List<Config> configs(TomlTable root) {
        var configs = new ArrayList<Config>();
        TomlArray array = array(root, "configs");
        if (array == null) return configs;
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof TomlTable t)) {
                errorAt(array.inputPositionOf(i), "each entry of configs must be a table of parameter = \"value\"");
                continue;
            }
            var values = new LinkedHashMap<String, String>();
            String configName = null;
            for (String key : t.keySet()) {
                Object value = t.get(List.of(key));
                if (key.equals(Config.NAME_KEY)) {
                    // The config's name, such as "cpp_packed_gemm_0": a label, not a parameter.
                    if (value instanceof String s && !s.isBlank()) configName = s;
                    else error(t, key, "config No." + (i + 1) + ": `name` must be text in quotes, such as name = \"cpp_packed_gemm_0\"");
                    continue;
                }
                if (value instanceof String s) values.put(key, s);
                else if (value instanceof Long || value instanceof Double || value instanceof Boolean) values.put(key, value.toString());
                else error(t, key, "config No." + (i + 1) + ": the value of `" + key + "` must be text or a number");
            }
            configs.add(new Config(values, configName));
        }
        return configs;
    }

    /**
     * {@code [space]}: each parameter with its values (a list of numbers or text, {@code {range = [16, 128],
     * step = 16}} or {@code {pow2 = [16, 256]}}) and {@code constraints}, a list of expressions over
     * parameters and sizes. It stays a space: nothing is expanded here.
     */
    private Optional<SearchSpace> space(TomlTable t, Sizes sizes) {
        if (t == null) return Optional.empty();
        var parameters = new ArrayList<Parameter>();
        for (String key : t.keySet()) {
            if (key.equals("constraints")) continue;
            try {
                Parameter p = parameter(t, key);
                if (p != null) parameters.add(p);
            } catch (IllegalArgumentException e) {
                error(t, key, "[space] " + e.getMessage());
            }
        }
        if (parameters.isEmpty()) {
            if (t.keySet().stream().allMatch(k -> k.equals("constraints"))) error(t, null, "[space] names no parameters");
            return Optional.empty();
        }
        var constraints = new ArrayList<Constraint>();
        Object listed = t.get(List.of("constraints"));
        if (listed != null) {
            if (!(listed instanceof TomlArray array)) {
                error(t, "constraints", "[space] constraints must be a list of expressions in quotes, e.g. [\"BM * BK <= 4096\"]");
            } else {
                var names = new java.util.LinkedHashSet<String>();
                parameters.forEach(p -> names.add(p.name()));
                for (int i = 0; i < array.size(); i++) {
                    if (!(array.get(i) instanceof String text)) {
                        errorAt(array.inputPositionOf(i), "each constraint must be an expression in quotes");
                        continue;
                    }
                    try {
                        sizes.requireKnown(text);
                        constraints.add(Constraint.parse(text, names, sizes.values()));
                    } catch (Sizes.BrokenSize e) {
                        // That size's own error says what is wrong.
                    } catch (IllegalArgumentException e) {
                        errorAt(array.inputPositionOf(i), e.getMessage());
                    }
                }
            }
        }
        try {
            SearchSpace space = SearchSpace.of(parameters, constraints);
            Config first = space.at(0);
            for (Constraint c : constraints) {
                try {
                    c.check(first.values());
                } catch (IllegalArgumentException e) {
                    error(t, "constraints", e.getMessage());
                }
            }
            return Optional.of(space);
        } catch (ArithmeticException e) {
            error(t, null, "[space] holds more than 2^63 combinations");
            return Optional.empty();
        }
    }

    private Parameter parameter(TomlTable t, String key) {
        Object value = t.get(List.of(key));
        if (value instanceof TomlTable form) {
            if (form.get(List.of("range")) instanceof TomlArray range && range.size() == 2 && range.get(0) instanceof Long lo && range.get(1) instanceof Long hi) {
                Object step = form.get(List.of("step"));
                if (step != null && !(step instanceof Long)) throw new IllegalArgumentException("`" + key + "`: step must be a whole number");
                return Parameter.range(key, lo, hi, step == null ? 1 : (Long) step);
            }
            if (form.get(List.of("pow2")) instanceof TomlArray range && range.size() == 2 && range.get(0) instanceof Long lo && range.get(1) instanceof Long hi) {
                return Parameter.powersOfTwo(key, lo, hi);
            }
            throw new IllegalArgumentException("`" + key + "` must be a list of values, {range = [FIRST, LAST], step = N} or {pow2 = [LOW, HIGH]}");
        }
        List<Object> items = value instanceof TomlArray a ? a.toList() : List.of(value);
        for (Object item : items) {
            if (!(item instanceof String || item instanceof Long || item instanceof Double || item instanceof Boolean)) {
                throw new IllegalArgumentException("`" + key + "`: each value must be text or a number");
            }
        }
        if (items.isEmpty()) throw new IllegalArgumentException("`" + key + "` lists no values");
        return Parameter.of(key, items);
    }

    /** {@code [search]}: strategy, seed, max_trials, time_limit_s, order, priors. */
    private SearchSettings search(TomlTable t) {
        SearchSettings s = SearchSettings.DEFAULT;
        if (t == null) return s;
        checkKeys(t, Set.of("strategy", "seed", "max_trials", "time_limit_s", "order", "priors"));
        String strategy = string(t, "strategy", false);
        if (strategy != null) {
            if (!Strategies.NAMES.contains(strategy)) error(t, "strategy", "unknown strategy `" + strategy + "`; use one of " + String.join(", ", Strategies.NAMES));
            else s = s.withStrategy(strategy);
        }
        String order = string(t, "order", false);
        if (order != null) {
            try {
                s = s.withOrder(org.tuningworkbench.engine.search.Order.of(order));
            } catch (IllegalArgumentException e) {
                error(t, "order", e.getMessage());
            }
        }
        if (t.contains("seed")) {
            Long seed = whole(t, "seed");
            if (seed != null) s = s.withSeed(seed);
        }
        if (t.contains("max_trials")) {
            Long n = whole(t, "max_trials");
            if (n != null && (n < 1 || n > Integer.MAX_VALUE)) error(t, "max_trials", "max_trials must be at least 1");
            else if (n != null) s = s.withBudget(s.budget().withMaxTrials(n.intValue()));
        }
        if (t.contains("time_limit_s")) {
            Duration limit = seconds(t, "time_limit_s", null);
            if (limit != null) s = s.withBudget(s.budget().withTimeLimit(limit));
        }
        if (t.contains("priors")) s = s.withPriors(priors(t));
        return s;
    }

    /** {@code priors = ["other-gpu.jsonl", ...]}: each an existing file, against the project's folder. */
    private List<Path> priors(TomlTable t) {
        var out = new ArrayList<Path>();
        if (!(t.get("priors") instanceof TomlArray array)) {
            error(t, "priors", "`priors` must be a list of files in quotes, e.g. priors = [\"../other-gpu/records.jsonl\"]");
            return out;
        }
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof String relative)) {
                error(t, "priors", "`priors` must list files in quotes; item " + (i + 1) + " is not text");
                continue;
            }
            Path path = resolve(t, "priors", relative);
            if (path == null) continue;
            if (!Files.isRegularFile(path)) error(t, "priors", "prior `" + relative + "`: there is no such file (" + path + ")");
            else out.add(path);
        }
        return out;
    }

    // --- typed access that records errors at the key's position ---

    void checkKeys(TomlTable t, Set<String> known) {
        for (String key : t.keySet()) {
            if (!known.contains(key)) {
                error(t, key, "unknown key `" + key + "`; expected one of " + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private TomlTable table(TomlTable parent, String key, boolean required) {
        Object value = parent.get(List.of(key));
        if (value == null) {
            if (required) error(parent, null, "missing [" + key + "] table");
            return null;
        }
        if (value instanceof TomlTable t) return t;
        error(parent, key, "`" + key + "` must be a table");
        return null;
    }

    private TomlArray array(TomlTable parent, String key) {
        Object value = parent.get(List.of(key));
        if (value == null) return null;
        if (value instanceof TomlArray a) return a;
        error(parent, key, "`" + key + "` must be a list of tables ([[" + key + "]])");
        return null;
    }

    String string(TomlTable t, String key, boolean required) {
        Object value = t.get(List.of(key));
        if (value == null) {
            if (required) error(t, null, "missing `" + key + "`");
            return null;
        }
        if (value instanceof String s) return s;
        error(t, key, "`" + key + "` must be text in quotes");
        return null;
    }

    /** {@code relative}, the value of {@code key}, against the project's folder; null, with an error, when it cannot name a file. */
    private Path resolve(TomlTable t, String key, String relative) {
        try {
            return directory().resolve(relative).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            error(t, key, "`" + key + "` does not name a file: " + e.getReason());
            return null;
        }
    }

    private Double number(TomlTable t, String key) {
        Object value = t.get(List.of(key));
        if (value instanceof Double d) return d;
        if (value instanceof Long l) return l.doubleValue();
        error(t, key, "`" + key + "` must be a number");
        return null;
    }

    private Long whole(TomlTable t, String key) {
        if (t.get(List.of(key)) instanceof Long l) return l;
        error(t, key, "`" + key + "` must be a whole number");
        return null;
    }

    private Boolean bool(TomlTable t, String key) {
        if (t.get(List.of(key)) instanceof Boolean b) return b;
        error(t, key, "`" + key + "` must be true or false");
        return null;
    }

    private Duration seconds(TomlTable t, String key, Duration fallback) {
        Double value = number(t, key);
        if (value == null) return fallback;
        if (!(value > 0)) {
            error(t, key, "`" + key + "` must be positive");
            return fallback;
        }
        return Duration.ofMillis(Math.round(value * 1000));
    }

    /** Records what is wrong with an expression over the sizes; nothing when it uses a size whose own value is wrong, as that error says. */
    void sizesError(TomlTable t, String key, String what, IllegalArgumentException e) {
        if (!(e instanceof Sizes.BrokenSize)) error(t, key, what + e.getMessage());
    }

    /** Records an error at {@code key} of {@code t}, or at the table itself when key is null. */
    void error(TomlTable t, String key, String message) {
        TomlPosition position = key != null ? t.inputPositionOf(List.of(key)) : firstPosition(t);
        errorAt(position, message);
    }

    private static TomlPosition firstPosition(TomlTable t) {
        TomlPosition first = null;
        for (String k : t.keySet()) {
            TomlPosition p = t.inputPositionOf(List.of(k));
            if (p != null && (first == null || p.line() < first.line())) first = p;
        }
        return first;
    }

    void errorAt(TomlPosition position, String message) {
        errors.add(position == null
                ? new ProjectError(file, 0, 0, message)
                : new ProjectError(file, position.line(), position.column(), message));
    }
}
