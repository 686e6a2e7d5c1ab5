package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectError;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Where a project is measured: the command line's {@code --target}s, else the project's
 * {@code [target]} ({@code where = "ssh://node7"} or a list of targets, {@code ssh_config = "FILE"},
 * relative to the project folder), else this machine. One target is one {@link LocalExecutor};
 * several are {@link SeveralTargets}.
 *
 * @param where     the targets
 * @param sshConfig the ssh configuration file SSH targets are reached with; null for ssh's own
 */
public record Targets(List<Target> where, Path sshConfig) {

    public static final Targets LOCAL = new Targets(List.of(Target.LOCAL), null);

    public Targets {
        where = List.copyOf(where);
        if (where.isEmpty()) throw new IllegalArgumentException("no target");
        if (where.stream().distinct().count() < where.size()) throw new IllegalArgumentException("one target is named twice");
    }

    public boolean local() {
        return where.equals(List.of(Target.LOCAL));
    }

    /** The executor measuring {@code project} on these targets. */
    public Executor executor(Project project, TuneOptions options) {
        List<Executor> executors = where.stream().map(t -> (Executor) new LocalExecutor(project, options, t, sshConfig)).toList();
        return executors.size() == 1 ? executors.getFirst() : new SeveralTargets(executors, where.stream().map(Target::text).toList());
    }

    /**
     * The executor of the project's own {@code [target]} (this machine when it has none); when that
     * table is wrong, an executor that refuses to open with the file's errors, so the window reports
     * them as it reports any other.
     */
    public static Executor ofProject(Project project, TuneOptions options) {
        try {
            return of(project).executor(project, options);
        } catch (ProjectException e) {
            return new Refused(e.getMessage());
        }
    }

    /** The project's {@code [target]}, read from its file; errors name the file, line and column. */
    public static Targets of(Project project) throws ProjectException {
        Path file = project.file();
        TomlTable table;
        try {
            if (file == null || !Files.isRegularFile(file)) return LOCAL;
            var toml = Toml.parse(Files.readString(file));
            if (toml.hasErrors()) return LOCAL;
            table = toml.getTable("target");
        } catch (IOException e) {
            return LOCAL;
        }
        if (table == null) return LOCAL;
        var errors = new ArrayList<ProjectError>();
        var where = new ArrayList<Target>();
        Path sshConfig = null;
        for (String key : table.keySet()) {
            if (!key.equals("where") && !key.equals("ssh_config")) {
                errors.add(error(file, table.inputPositionOf(List.of(key)), "[target] has no key `" + key + "`; it takes where and ssh_config"));
            }
        }
        Object value = table.get("where");
        if (value instanceof String text) {
            parse(text, file, table.inputPositionOf(List.of("where")), where, errors);
        } else if (value instanceof TomlArray array && array.size() > 0) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i) instanceof String text) parse(text, file, array.inputPositionOf(i), where, errors);
                else errors.add(error(file, array.inputPositionOf(i), "[target] where: each target must be text in quotes, such as \"ssh://node7\""));
            }
        } else {
            errors.add(error(file, value == null ? firstPosition(table) : table.inputPositionOf(List.of("where")),
                    "[target] where must be a target or a list of them: \"local\", \"ssh://[user@]host[:port]\" or \"slurm[:PARTITION]\""));
        }
        if (table.contains("ssh_config")) {
            if (table.get("ssh_config") instanceof String text) {
                sshConfig = project.directory().resolve(text).normalize();
                if (!Files.isRegularFile(sshConfig)) errors.add(error(file, table.inputPositionOf(List.of("ssh_config")), "[target] ssh_config: no such file " + sshConfig));
            } else {
                errors.add(error(file, table.inputPositionOf(List.of("ssh_config")), "[target] ssh_config must be a file name in quotes"));
            }
        }
        if (errors.isEmpty() && where.stream().distinct().count() < where.size()) {
            errors.add(error(file, table.inputPositionOf(List.of("where")), "[target] where names one target twice"));
        }
        if (!errors.isEmpty()) throw new ProjectException(errors);
        return new Targets(where, sshConfig);
    }

    private static void parse(String text, Path file, TomlPosition at, List<Target> into, List<ProjectError> errors) {
        try {
            into.add(Target.parse(text));
        } catch (IllegalArgumentException e) {
            errors.add(error(file, at, "[target] " + e.getMessage()));
        }
    }

    private static ProjectError error(Path file, TomlPosition at, String message) {
        return new ProjectError(file, at == null ? 0 : at.line(), at == null ? 0 : at.column(), message);
    }

    private static TomlPosition firstPosition(TomlTable table) {
        return table.keySet().stream().map(k -> table.inputPositionOf(List.of(k))).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** A project whose [target] is wrong: nothing is measured, and opening says why. */
    private record Refused(String why) implements Executor {
        @Override
        public TuningRecord.Identity open(Listener listener) throws TuningException {
            throw new TuningException(TuningException.Kind.INPUT, why);
        }

        @Override
        public void prepare(Config config) {
        }

        @Override
        public Optional<Measurement> measure(Config config) {
            return Optional.empty();
        }

        @Override
        public void stop() {
        }

        @Override
        public void close() {
        }
    }
}
