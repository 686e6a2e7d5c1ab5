package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.recorded.RecordedSpaces;

/**
 * What {@code show}, {@code best}, {@code apply-best} and {@code report} read: a record file, a
 * project (its file or folder) whose records sit beside it, or a recorded space (Kernel Tuner cache or
 * T4 results). The records of a record file are those the window shows too ({@link LatestRun}); a
 * space's are all of its configs.
 */
record RecordsOrProject(Optional<Project> project, Optional<RecordedSpace> space, Path recordFile, List<TuningRecord> records,
                        Optional<TuningRecord> baseline, List<String> skipped, int otherSetups) {

    /** Reads {@code path}, or says on {@code err} why it cannot (the command then exits with bad input). */
    static Optional<RecordsOrProject> readOrSay(Path path, java.io.PrintWriter err) {
        try {
            RecordsOrProject read = read(path);
            read.skipped().forEach(line -> err.println("warning: skipped " + line));
            if (read.otherSetups() > 0) {
                err.println("note: " + read.recordFile() + " also holds " + Counts.of(read.otherSetups(), "record")
                        + " of earlier runs with other sizes, settings, source, compiler or device; these are the latest run's" + read.sizesText());
            }
            return Optional.of(read);
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
        } catch (IOException | RecordedSpaceException e) {
            err.println("error: " + e.getMessage());
        }
        return Optional.empty();
    }

    /** The files this was read from (the record file or space, the project file, its kernel): a command's output must not replace them. */
    List<Path> inputs() {
        return inputs(recordFile, project);
    }

    /** The record file, and the project's file and kernel when there is a project. */
    static List<Path> inputs(Path recordFile, Optional<Project> project) {
        var inputs = new ArrayList<Path>();
        inputs.add(recordFile);
        project.ifPresent(p -> {
            inputs.add(p.file());
            inputs.add(p.kernel().source());
        });
        return inputs;
    }

    /** The project {@code path} names (its file or folder), when it names one rather than a record file. */
    static Optional<Project> projectAt(Path path) throws ProjectException {
        return Files.isDirectory(path) || path.toString().endsWith(".toml") ? Optional.of(ProjectFile.load(path)) : Optional.empty();
    }

    /** Refuses a record file that is missing or not a regular file, saying what it is. */
    static void requireRecordFile(Path records) throws IOException {
        if (Files.exists(records) && !Files.isRegularFile(records)) {
            throw new IOException(records + ": it is " + (Files.isDirectory(records) ? "a folder" : "a pipe, device or socket") + ", not a record file");
        }
        if (!Files.isRegularFile(records)) throw new IOException(records + ": no record file (tune the project first)");
    }

    static RecordsOrProject read(Path path) throws ProjectException, IOException, RecordedSpaceException {
        if (RecordedSpaces.hasSpaceName(path)) {
            RecordedSpace space = RecordedSpaces.read(path);
            return new RecordsOrProject(Optional.empty(), Optional.of(space), path, space.records(), Optional.empty(), List.of(), 0);
        }
        Optional<Project> project = projectAt(path);
        Path records = project.map(Project::recordFile).orElse(path);
        requireRecordFile(records);
        List<String> skipped;
        List<TuningRecord> all;
        // A snapshot, without the writers' lock: showing records while a run adds to them is fine.
        try (RecordFile file = RecordFile.snapshot(records)) {
            all = file.records();
            skipped = file.skippedLines();
        }
        LatestRun latest = LatestRun.of(all);
        return new RecordsOrProject(project, Optional.empty(), records, latest.configs(), latest.baseline(), skipped, latest.otherRecords());
    }

    /** What the records are of: the space's name, or the project's (as its records name it), else the record file's name. */
    String name() {
        if (space.isPresent()) return space.get().name();
        String project = records.isEmpty() ? null : records.getFirst().project();
        return project != null ? project : recordFile.getFileName().toString();
    }

    /** The sizes the records were measured at, as tune's table names them ({@code " (m=64, n=64)"}); empty when they do not say or differ. */
    String sizesText() {
        String sizes = new LatestRun(records, baseline, otherSetups).sizesText();
        return sizes.isEmpty() ? "" : " (" + sizes + ")";
    }

    /** Each record's number ({@code No.7}), as the window's grid numbers its rows: its place in the project's list, when there is a project. */
    java.util.Map<TuningRecord, Integer> numbers() {
        return project.map(p -> new ConfigNumbers(p.candidates().listed()))
                .orElseGet(ConfigNumbers::inOrderMet).of(records);
    }

    /** The device the records were measured on. */
    String device() {
        return space.map(RecordedSpace::deviceName).orElse(records.isEmpty() ? null : records.getFirst().device());
    }
}
