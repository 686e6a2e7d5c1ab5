package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * Reads a project file (TOML). Every problem found is reported with the file, line and column of
 * the key it concerns; all of them are collected before giving up, so one pass fixes them all.
 * See {@code docs/project-format.md} for the format.
 */
public final class ProjectFile {

    /** A project file is a page of settings; anything this large is another file given by mistake. */
    private static final long MAX_PROJECT_BYTES = 1 << 20;

    private ProjectFile() {
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
        } catch (CharacterCodingException e) {
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
        var reader = new TableReader(file);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            toml.errors().forEach(e -> reader.errors().add(new ProjectError(file, e.position().line(), e.position().column(), e.getMessage())));
            throw new ProjectException(reader.errors());
        }
        Optional<Lesson> lesson = new LessonTable(reader).read(toml, project.name(), project.candidates().listed());
        if (reader.hasErrors()) throw new ProjectException(reader.errors());
        return lesson;
    }

    public static Project parse(Path file, String text, Map<String, Long> sizeOverrides) throws ProjectException {
        var reader = new TableReader(file);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            toml.errors().forEach(e -> reader.errors().add(new ProjectError(file, e.position().line(), e.position().column(),
                    e.getMessage().replaceFirst("\\s*\\(line \\d+, column \\d+\\)$", ""))));
            throw new ProjectException(reader.errors());
        }
        Project project = read(reader, toml, sizeOverrides);
        if (reader.hasErrors()) throw new ProjectException(reader.errors());
        return project;
    }

    private static Project read(TableReader reader, TomlTable root, Map<String, Long> sizeOverrides) {
        reader.checkKeys(root, Set.of("name", "kernel", "sizes", "args", "golden", "baseline", "work", "build", "measure", "configs", "space", "search",
                "launches", "launch", "metrics", "device", "target", "lesson"));
        KernelTable.Read kernel = new KernelTable(reader).read(root);
        Language language = kernel.language();
        Sizes sizes = new SizesTable(reader).read(reader.table(root, "sizes", false), sizeOverrides);
        List<KernelArg> args = new ArgsTable(reader).read(root, sizes, kernel.harness() != null);
        var deviceReader = new DeviceLaunches(reader);
        List<KernelLaunch> launches = deviceReader.launches(root, kernel.table(), language, kernel.entry(), args, sizes);
        DeviceChoice deviceChoice = deviceReader.choice(reader.table(root, "device", false), language, reader.file());
        String entry = kernel.entry() == null && !launches.isEmpty() ? launches.getFirst().kernel() : kernel.entry();
        CheckSettings check = new GoldenTable(reader).read(reader.table(root, "golden", false), kernel.source(), args);
        Work work = new WorkTable(reader).read(reader.table(root, "work", false), sizes);
        BuildSettings build = new BuildTable(reader).read(reader.table(root, "build", false), language, kernel.harness());
        TomlTable measureTable = reader.table(root, "measure", false);
        MeasureSettings measure = new MeasureTable(reader).read(measureTable);
        // A GPU driver reserves address space for the device's memory, an interpreter maps far more than it uses: the default
        // address-space limit would stop either at start, so they have none unless the project sets one.
        boolean mapsMore = language == Language.OPENCL || build.harness().isPresent();
        if (mapsMore && (measureTable == null || !measureTable.contains("memory_limit_mb"))) measure = measure.withMemoryLimitMb(0);
        List<Config> configs = new ConfigsTable(reader).read(root);
        Optional<SearchSpace> space = new SpaceTable(reader).read(reader.table(root, "space", false), sizes);
        Set<String> names = names(sizes, space, configs);
        List<Metric> metrics = new MetricsTable(reader).read(reader.table(root, "metrics", false), names);
        SearchSettings search = new SearchTable(reader).read(reader.table(root, "search", false), metrics, kernel.harness() != null, space.isPresent());
        Optional<Baseline> baseline = new BaselineTable(reader).read(reader.table(root, "baseline", false), kernel.source());
        Optional<LaunchGeometry> geometry = new LaunchTable(reader).read(root, language, names);
        String name = Optional.ofNullable(reader.string(root, "name", false)).orElse(defaultName(reader));
        new LessonTable(reader).read(root, name, configs);
        if (!reader.hasErrors()) MemoryBudget.check(args, measure).ifPresent(reader::error);
        if (reader.hasErrors()) return null;
        return new Project(reader.file(), name, new Kernel(kernel.source(), language, entry, kernel.injectsDefines()), new Inputs(sizes.values(), args),
                work, check, build, measure, new Candidates(configs, space), search, new DeviceSettings(launches, deviceChoice, geometry), metrics,
                baseline);
    }

    /** The names an expression over a config may use: the sizes, then the parameters of the space and of the listed configs. */
    private static Set<String> names(Sizes sizes, Optional<SearchSpace> space, List<Config> configs) {
        var names = new LinkedHashSet<>(sizes.values().keySet());
        space.ifPresent(s -> s.parameters().forEach(p -> names.add(p.name())));
        configs.forEach(c -> names.addAll(c.values().keySet()));
        return names;
    }

    private static String defaultName(TableReader reader) {
        Path dir = reader.directory().getFileName();
        return dir == null ? reader.file().getFileName().toString() : dir.toString();
    }
}
