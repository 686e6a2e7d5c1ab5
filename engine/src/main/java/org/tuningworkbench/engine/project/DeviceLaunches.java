package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Language;

/**
 * The parts of a project file for a kernel built for a device (OpenCL): the launches of one call
 * ({@code global} and {@code local} in {@code [kernel]}, or {@code [[launches]]}) and the
 * {@code [device]} to measure on. Errors go to the project file's list, at their key.
 */
final class DeviceLaunches {

    private final TableReader reader;

    DeviceLaunches(TableReader reader) {
        this.reader = reader;
    }

    List<KernelLaunch> launches(TomlTable root, TomlTable kernel, Language language, String entry, List<KernelArg> args, Sizes sizes) {
        boolean opencl = language == Language.OPENCL;
        if (!opencl) {
            if (root.contains("launches")) reader.error(root, "launches", "[[launches]] is for OpenCL kernels; a C or C++ entry is called once per call");
            for (String key : List.of("global", "local")) {
                if (kernel != null && kernel.contains(key)) reader.error(kernel, key, "`" + key + "` (work sizes) is for OpenCL kernels");
            }
            return List.of();
        }
        refuseStructs(root);
        List<String> all = args.stream().map(KernelArg::name).toList();
        if (root.get(List.of("launches")) instanceof TomlArray array) {
            for (String key : List.of("global", "local")) {
                if (kernel != null && kernel.contains(key)) reader.error(kernel, key, "with [[launches]], give `" + key + "` in each launch");
            }
            var launches = new ArrayList<KernelLaunch>();
            for (int i = 0; i < array.size(); i++) {
                if (!(array.get(i) instanceof TomlTable t)) {
                    reader.errorAt(array.inputPositionOf(i), "each of [[launches]] must be a table: kernel = \"name\", global = \"n\"");
                    continue;
                }
                reader.checkKeys(t, Set.of("kernel", "global", "local", "args"));
                if (!(t.get(List.of("kernel")) instanceof String name) || !name.matches("[A-Za-z_]\\w*")) {
                    reader.error(t, t.contains("kernel") ? "kernel" : null, "launch No." + (i + 1) + ": kernel = \"name\" names the kernel to launch");
                    continue;
                }
                launch(t, name, names(t, all), sizes, launches);
            }
            if (array.isEmpty()) reader.error(root, "launches", "[[launches]] lists no launch");
            return launches;
        }
        if (root.contains("launches")) {
            reader.error(root, "launches", "`launches` must be a list of tables ([[launches]])");
            return List.of();
        }
        if (kernel == null || entry == null) return List.of();
        if (root.contains("launch")) {
            for (String key : List.of("global", "local")) {
                if (kernel.contains(key)) reader.error(kernel, key, "with [launch], the work sizes follow each config: leave `" + key + "` out of [kernel]");
            }
            return List.of();
        }
        if (!kernel.contains("global")) {
            reader.error(kernel, "entry", "an OpenCL kernel needs its work size: global = \"n\" in [kernel] (work items per dimension, such as \"m, n\"),"
                    + " or [launch] for work sizes that follow the config (Kernel Tuner's problem_size and grid_div_x), or [[launches]] for several kernels a call");
            return List.of();
        }
        var launches = new ArrayList<KernelLaunch>();
        launch(kernel, entry, all, sizes, launches);
        return launches;
    }

    private void launch(TomlTable t, String kernel, List<String> args, Sizes sizes, List<KernelLaunch> out) {
        if (args == null) return;
        List<Long> global = extents(t, "global", sizes);
        List<Long> local = t.contains("local") ? extents(t, "local", sizes) : List.of();
        if (global == null || local == null) return;
        try {
            out.add(new KernelLaunch(kernel, global, local, args));
        } catch (IllegalArgumentException e) {
            reader.error(t, t.contains("local") ? "local" : "global", e.getMessage());
        }
    }

    /** {@code "m, n"}, {@code ["m", "n"]} or a number: whole expressions over the sizes, 1 to 3 of them. */
    private List<Long> extents(TomlTable t, String key, Sizes sizes) {
        Object value = t.get(List.of(key));
        List<String> parts = switch (value) {
            case null -> {
                reader.error(t, null, "missing `" + key + "` (work items per dimension, such as \"n\")");
                yield null;
            }
            case String s -> List.of(s.split(","));
            case Long n -> List.of(n.toString());
            case TomlArray a -> a.toList().stream().map(String::valueOf).toList();
            default -> {
                reader.error(t, key, "`" + key + "` must be sizes in quotes, such as \"m, n\"");
                yield null;
            }
        };
        if (parts == null) return null;
        var out = new ArrayList<Long>();
        for (String part : parts) {
            try {
                long n = sizes.evaluateWhole(part.strip());
                if (n <= 0) throw new IllegalArgumentException("`" + part.strip() + "` is " + n + "; work sizes must be positive");
                out.add(n);
            } catch (Sizes.BrokenSize e) {
                return null;
            } catch (IllegalArgumentException e) {
                reader.error(t, key, "`" + key + "`: " + e.getMessage());
                return null;
            }
        }
        if (out.isEmpty() || out.size() > 3) {
            reader.error(t, key, "`" + key + "` gives 1 to 3 dimensions, found " + out.size());
            return null;
        }
        return out;
    }

    /** A launch's {@code args}: names of the project's arguments, in the kernel's order; all of them when not given. */
    private List<String> names(TomlTable t, List<String> all) {
        if (!t.contains("args")) return all;
        if (!(t.get(List.of("args")) instanceof TomlArray array)) {
            reader.error(t, "args", "`args` lists the project's arguments this kernel takes, such as [\"x\", \"n\"]");
            return null;
        }
        var out = new ArrayList<String>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof String name) || !all.contains(name)) {
                reader.errorAt(array.inputPositionOf(i), "`" + array.get(i) + "` is not an argument of the project; it has " + String.join(", ", all));
                return null;
            }
            out.add(name);
        }
        return out;
    }

    private void refuseStructs(TomlTable root) {
        if (!(root.get(List.of("args")) instanceof TomlArray array)) return;
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i) instanceof TomlTable t && t.contains("struct")) {
                reader.error(t, "struct", "an OpenCL kernel takes buffers and scalars: pass the struct's fields as scalars");
            }
        }
    }

    /** {@code [device]}: platform and device, each an index or a part of the name (the device also its type, such as "gpu"). */
    DeviceChoice choice(TomlTable t, Language language, Path file) {
        if (t == null) return DeviceChoice.FIRST;
        if (language != Language.OPENCL) {
            reader.error(t, null, "[device] chooses an OpenCL device; a C or C++ kernel runs on this machine's CPU (measure.device_ids pins it)");
            return DeviceChoice.FIRST;
        }
        reader.checkKeys(t, Set.of("platform", "device"));
        String platform = selector(t, "platform");
        String device = selector(t, "device");
        TomlPosition at = t.inputPositionOf(List.of(t.contains("device") ? "device" : "platform"));
        String where = file.getFileName() + (at == null ? "" : ":" + at.line());
        return new DeviceChoice(platform, device, where);
    }

    private String selector(TomlTable t, String key) {
        Object value = t.get(List.of(key));
        if (value == null) return "0";
        if (value instanceof Long n && n >= 0) return n.toString();
        if (value instanceof String s && !s.isBlank()) return s;
        reader.error(t, key, "`" + key + "` is an index (0, 1, ...) or a part of the name in quotes");
        return "0";
    }
}
