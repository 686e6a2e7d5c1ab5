package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * What {@code show}, {@code best} and {@code apply-best} read: a record file, or a project (its file
 * or folder) whose records sit beside it. The records shown are those of the latest run's identity
 * (kernel, setup, compiler and device of the last record written), the latest of each config.
 */
record RecordsOrProject(Optional<Project> project, Path recordFile, List<TuningRecord> records, Optional<TuningRecord> baseline,
                        List<String> skipped) {

    /** Reads {@code path}, or says on {@code err} why it cannot (the command then exits with bad input). */
    static Optional<RecordsOrProject> readOrSay(Path path, java.io.PrintWriter err) {
        try {
            RecordsOrProject read = read(path);
            read.skipped().forEach(line -> err.println("warning: skipped " + line));
            return Optional.of(read);
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
        }
        return Optional.empty();
    }

    static RecordsOrProject read(Path path) throws ProjectException, IOException {
        Optional<Project> project = Optional.empty();
        Path records = path;
        if (Files.isDirectory(path) || path.toString().endsWith(".toml")) {
            project = Optional.of(ProjectFile.load(path));
            records = project.get().recordFile();
        }
        if (!Files.isRegularFile(records)) throw new IOException(records + ": no record file (tune the project first)");
        List<String> skipped;
        List<TuningRecord> all;
        // A snapshot, without the writers' lock: showing records while a run adds to them is fine.
        try (RecordFile file = RecordFile.snapshot(records)) {
            all = file.records();
            skipped = file.skippedLines();
        }
        TuningRecord last = all.stream().filter(r -> r.baseline() == null).reduce((a, b) -> b).orElse(null);
        var latest = new LinkedHashMap<String, TuningRecord>();
        TuningRecord baseline = null;
        for (TuningRecord r : all) {
            if (r.baseline() != null) {
                baseline = r;
            } else if (last != null && r.identity().sameAs(last.identity())) {
                latest.put(r.configValues().key(), r);
            }
        }
        return new RecordsOrProject(project, records, new ArrayList<>(latest.values()), Optional.ofNullable(baseline), skipped);
    }
}
