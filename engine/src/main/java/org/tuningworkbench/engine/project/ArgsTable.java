package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.NpyArray;

/** Reads {@code [[args]]}: the entry function's arguments in order, buffers with their shape and initial values, scalars and structs. */
final class ArgsTable {

    private static final Pattern BUFFER = Pattern.compile("\\s*(\\w+)\\s*\\[(.*)]\\s*");
    private static final Pattern CALL = Pattern.compile("\\s*(\\w+)\\s*(?:\\((.*)\\))?\\s*");

    private final TableReader reader;

    ArgsTable(TableReader reader) {
        this.reader = reader;
    }

    /** {@code harness}: whether the project's own harness calls the kernel; then [[args]] only name the outputs it writes, if any. */
    List<KernelArg> read(TomlTable root, Sizes sizes, boolean harness) {
        var args = new ArrayList<KernelArg>();
        TomlArray array = reader.array(root, "args");
        if (array == null && harness) return args;
        if (array == null) {
            reader.error(root, null, "the project lists no [[args]]: describe each argument of the entry function, in order");
            return args;
        }
        var names = new HashSet<String>();
        var tables = new HashMap<String, TomlTable>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof TomlTable t)) {
                reader.errorAt(array.inputPositionOf(i), "each entry of args must be a table");
                continue;
            }
            reader.checkKeys(t, Set.of("name", "buffer", "init", "output", "scalar", "struct", "value"));
            String name = reader.string(t, "name", true);
            if (name == null) continue;
            if (!TableReader.IDENTIFIER.matcher(name).matches()) {
                reader.error(t, "name", "argument name `" + name + "` must be an identifier");
                continue;
            }
            if (!names.add(name)) reader.error(t, "name", "argument `" + name + "` is listed twice");
            KernelArg arg = arg(t, name, sizes);
            if (arg != null) args.add(arg);
            tables.put(name, t);
        }
        checkCopies(args, tables);
        return args;
    }

    private KernelArg arg(TomlTable t, String name, Sizes sizes) {
        int kinds = (t.contains("buffer") ? 1 : 0) + (t.contains("scalar") ? 1 : 0) + (t.contains("struct") ? 1 : 0);
        if (kinds != 1) {
            reader.error(t, "name", "argument `" + name + "` must have exactly one of buffer = \"f32[m, k]\", scalar = \"int\" or struct = \"TypeName\"");
            return null;
        }
        if (t.contains("buffer")) return buffer(t, name, sizes);
        String type = reader.string(t, t.contains("scalar") ? "scalar" : "struct", true);
        String value = reader.string(t, "value", true);
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
                reader.sizesError(t, "value", "argument `" + name + "`: ", e);
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
        String spec = reader.string(t, "buffer", true);
        if (spec == null) return null;
        Matcher m = BUFFER.matcher(spec);
        if (!m.matches()) {
            reader.error(t, "buffer", "buffer `" + name + "`: write its type and shape as \"f32[m, k]\", found \"" + spec + "\"");
            return null;
        }
        Optional<ElementType> type = ElementType.fromProjectName(m.group(1));
        if (type.isEmpty()) {
            reader.error(t, "buffer", "buffer `" + name + "`: unknown element type `" + m.group(1) + "`; use f16, bf16, f32, f64, i32, i64, i8 or u8");
            return null;
        }
        var shape = new ArrayList<Long>();
        for (String dim : m.group(2).split(",")) {
            try {
                long extent = sizes.evaluateWhole(dim.strip());
                if (extent <= 0) throw new IllegalArgumentException("`" + dim.strip() + "` is " + extent + "; extents must be positive");
                shape.add(extent);
            } catch (IllegalArgumentException e) {
                reader.sizesError(t, "buffer", "buffer `" + name + "`: ", e);
                return null;
            }
        }
        try {
            Math.multiplyExact(shape.stream().reduce(1L, Math::multiplyExact), (long) type.get().bytes());
        } catch (ArithmeticException e) {
            reader.error(t, "buffer", "buffer `" + name + "`: " + type.get().projectName() + shape + " is more than 2^63 bytes");
            return null;
        }
        BufferInit init = init(t, name, type.get(), shape);
        Boolean output = t.contains("output") ? reader.bool(t, "output") : Boolean.FALSE;
        if (init == null || output == null) return null;
        return new KernelArg.Buffer(name, type.get(), shape, init, output);
    }

    /** {@code copy(x)}: x must be another buffer of the same type and shape, itself filled otherwise than by a copy. */
    private void checkCopies(List<KernelArg> args, Map<String, TomlTable> tables) {
        for (KernelArg arg : args) {
            if (!(arg instanceof KernelArg.Buffer b) || !(b.init() instanceof BufferInit.Copy copy)) continue;
            var original = args.stream().filter(a -> a.name().equals(copy.of())).findFirst();
            String problem = original.isEmpty() ? "`" + copy.of() + "` is not a buffer of the project"
                    : !(original.get() instanceof KernelArg.Buffer o) ? "`" + copy.of() + "` is a scalar, not a buffer"
                    : o == b ? "a buffer cannot copy itself"
                    : o.init() instanceof BufferInit.Copy ? "`" + copy.of() + "` is itself a copy; copy the buffer it copies"
                    : o.type() != b.type() || !o.shape().equals(b.shape()) ? "`" + copy.of() + "` is " + o.type().projectName() + o.shape()
                            + ", this buffer " + b.type().projectName() + b.shape() + "; a copy has the same type and shape"
                    : null;
            if (problem != null) reader.error(tables.get(b.name()), "init", "buffer `" + b.name() + "`: copy(" + copy.of() + "): " + problem);
        }
    }

    private BufferInit init(TomlTable t, String name, ElementType type, List<Long> shape) {
        String spec = Optional.ofNullable(reader.string(t, "init", false)).orElse("zeros");
        Matcher m = CALL.matcher(spec);
        String usage = "; use zeros, ones, range(start, step), arange, random(low, high), randint(low, high), normal(mean, std),"
                + " copy(other_buffer) or file(name.npy)";
        if (!m.matches()) {
            reader.error(t, "init", "buffer `" + name + "`: cannot read init \"" + spec + "\"" + usage);
            return null;
        }
        String kind = m.group(1);
        String inner = m.group(2) == null ? "" : m.group(2).strip();
        try {
            double[] p = kind.equals("file") || kind.equals("copy") ? new double[0] : numbers(inner);
            return switch (kind) {
                case "zeros" -> { expectCount(p, 0, kind); yield new BufferInit.Zeros(); }
                case "ones" -> { expectCount(p, 0, kind); yield new BufferInit.Ones(); }
                case "range" -> p.length == 0 ? new BufferInit.Range(0, 1) : pair(p, kind, (a, b) -> new BufferInit.Range(a, b));
                case "random" -> p.length == 0 ? new BufferInit.Random(-1, 1, false) : pair(p, kind, (a, b) -> new BufferInit.Random(a, b, false));
                case "randint" -> p.length == 0 ? new BufferInit.Random(-4, 4, true) : pair(p, kind, (a, b) -> new BufferInit.Random(a, b, true));
                case "arange" -> { expectCount(p, 0, kind); yield new BufferInit.Range(0, 1); }
                case "normal" -> p.length == 0 ? new BufferInit.Normal(0, 1) : pair(p, kind, (a, b) -> new BufferInit.Normal(a, b));
                case "copy" -> {
                    if (!TableReader.IDENTIFIER.matcher(inner).matches()) throw new IllegalArgumentException("copy(...) names another buffer, such as copy(x)");
                    yield new BufferInit.Copy(inner);
                }
                case "file" -> npyInit(inner, type, shape);
                default -> throw new IllegalArgumentException("unknown init `" + kind + "`" + usage);
            };
        } catch (IllegalArgumentException e) {
            reader.error(t, "init", "buffer `" + name + "`: " + e.getMessage());
            return null;
        }
    }

    private BufferInit npyInit(String relative, ElementType type, List<Long> shape) {
        if (relative.isEmpty()) throw new IllegalArgumentException("file(...) needs a .npy path");
        Path path;
        try {
            path = reader.directory().resolve(relative.replaceAll("^[\"']|[\"']$", "")).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("file(...) does not name a file: " + e.getReason());
        }
        try {
            // The header alone: the data is read by the launcher, into a buffer of the checked size.
            var array = NpyArray.header(path);
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

    private static BufferInit pair(double[] p, String kind, BiFunction<Double, Double, BufferInit> make) {
        expectCount(p, 2, kind);
        return make.apply(p[0], p[1]);
    }
}
