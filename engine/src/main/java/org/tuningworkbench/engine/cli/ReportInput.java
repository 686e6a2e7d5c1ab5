package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.report.ReportRecords;

/**
 * A project's or record file's records as {@code report} reads them: those {@link RecordsOrProject}
 * reads (the latest run's identity, the latest record of each config, numbered as the window numbers
 * them), read a line at a time in two passes so that a file of a million records is never held whole.
 * The first pass keeps a few numbers a line (a hash of its config, its identity); the second hands
 * the chosen lines to {@link ReportRecords}, which keeps a bounded number of them.
 *
 * @param name the project's name, as its records give it, else the record file's name
 */
record ReportInput(Optional<Project> project, Path recordFile, ReportRecords kept, Optional<TuningRecord> baseline, String name, String device) {

    /** Reads {@code path} (a project or record file), or says on {@code err} why it cannot. */
    static Optional<ReportInput> readOrSay(Path path, PrintWriter err) {
        try {
            return Optional.of(read(path, err));
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
        }
        return Optional.empty();
    }

    /** The files this was read from: a command's output must not replace them. */
    List<Path> inputs() {
        return RecordsOrProject.inputs(recordFile, project);
    }

    private static ReportInput read(Path path, PrintWriter err) throws ProjectException, IOException {
        Optional<Project> project = RecordsOrProject.projectAt(path);
        Path file = project.map(Project::recordFile).orElse(path);
        RecordsOrProject.requireRecordFile(file);
        List<Config> listed = project.map(p -> p.candidates().listed()).orElse(List.of());
        Set<String> listedKeys = new HashSet<>();
        listed.forEach(c -> listedKeys.add(c.key()));

        // First pass: per line, its config's hash, its identity's number (-1: the baseline; -2: no record), whether the project lists it.
        var lines = new Lines();
        var identities = new HashMap<List<String>, Integer>();
        var listedLines = new BitSet();
        var skipped = new ArrayList<String>();
        int[] skippedMore = {0};
        var last = new TuningRecord[1];
        record BaselineLine(int line, TuningRecord.Identity identity) {}
        var baselines = new ArrayList<BaselineLine>();
        String[] first = new String[1];
        var confirmations = new HashMap<Integer, String>();  // per identity, the confirmation that stands as of its last record so far
        boolean foreign = RecordFile.read(file, (i, r) -> {
            int identity = identities.computeIfAbsent(r.identity().run(), k -> identities.size());
            confirmations.put(identity, LatestRun.standingConfirmation(r));
            if (r.baseline() != null) {
                lines.set(i, 0, -1);
                baselines.add(new BaselineLine(i, r.identity()));
                return;
            }
            if (first[0] == null) first[0] = r.project();
            last[0] = r;
            lines.set(i, hash(r.configValues().key()), identity);
            if (listedKeys.contains(r.configValues().key())) listedLines.set(i);
        }, line -> {
            if (skipped.size() < 100) skipped.add(line);
            else skippedMore[0]++;
        });
        if (foreign && lines.count == 0) throw new IOException(file + " is not a record file (none of its lines is a record)");
        skipped.forEach(line -> err.println("warning: skipped " + line));
        if (skippedMore[0] > 0) err.println("warning: skipped " + Counts.of(skippedMore[0], "more line"));

        // The latest run's identity (as LatestRun chooses it for show and the window); of its lines, the last of each config,
        // numbered by where the config is first met, and its last baseline; the records of other runs are counted.
        int latest = last[0] == null ? -3 : identities.get(last[0].identity().run());
        int others = 0;
        int baselineLine = -1;
        for (BaselineLine b : baselines) {
            if (last[0] == null || b.identity().baselineOf(last[0].identity())) baselineLine = b.line();
            else others++;
        }
        var ofLatest = new ArrayList<Integer>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.identity[i] == latest) ofLatest.add(i);
            else if (lines.identity[i] >= 0) others++;
        }
        ofLatest.sort((a, b) -> lines.hash[a] != lines.hash[b] ? Long.compare(lines.hash[a], lines.hash[b]) : Integer.compare(a, b));
        var groups = new ArrayList<int[]>();  // {first line, last line} of each config
        for (int g = 0; g < ofLatest.size(); ) {
            int start = g;
            while (g < ofLatest.size() && lines.hash[ofLatest.get(g)] == lines.hash[ofLatest.get(start)]) g++;
            groups.add(new int[] {ofLatest.get(start), ofLatest.get(g - 1)});
        }
        groups.sort((a, b) -> Integer.compare(a[0], b[0]));
        var numberAt = new int[lines.size()];
        var numbers = new ConfigNumbers(listed);
        int unlisted = listed.size();
        var chosen = new BitSet();
        for (int[] group : groups) {
            chosen.set(group[1]);
            // A listed config's number is its place in the list (asked of the record in the second pass); the others follow in the order met.
            numberAt[group[1]] = listedLines.get(group[1]) ? -1 : ++unlisted;
        }
        if (others > 0) {
            err.println("note: " + file + " also holds " + Counts.of(others, "record")
                    + " of earlier runs with other sizes, settings, source, compiler or device; these are the latest run's");
        }

        // Second pass: the chosen lines, to the kept records.
        int chosenBaseline = baselineLine;
        String confirmation = confirmations.get(latest);
        var kept = new ReportRecords();
        var baseline = new TuningRecord[1];
        RecordFile.read(file, (i, r) -> {
            if (i == chosenBaseline) baseline[0] = r;
            if (!chosen.get(i)) return;
            int number = numberAt[i];
            kept.add(LatestRun.standing(r, confirmation), number >= 0 ? number : numbers.of(r.configValues()));
        }, line -> { });
        String name = first[0] != null ? first[0] : file.getFileName().toString();
        return new ReportInput(project, file, kept, Optional.ofNullable(baseline[0]), name, last[0] == null ? null : last[0].device());
    }

    /** A 64-bit hash of a config's key (two configs sharing one among a million: about 3 chances in 10^8). */
    private static long hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < key.length(); i++) {
            h ^= key.charAt(i);
            h *= 0x100000001b3L;
        }
        return h ^ (h >>> 29);
    }

    /** Growable arrays of what the first pass keeps of each line. */
    private static final class Lines {
        long[] hash = new long[1024];
        int[] identity = new int[1024];
        int count;

        Lines() {
            Arrays.fill(identity, -2);
        }

        void set(int line, long h, int id) {
            while (line >= hash.length) {
                int from = hash.length;
                hash = Arrays.copyOf(hash, from * 2);
                identity = Arrays.copyOf(identity, from * 2);
                Arrays.fill(identity, from, identity.length, -2);
            }
            hash[line] = h;
            identity[line] = id;
            count = Math.max(count, line + 1);
        }

        int size() {
            return count;
        }
    }
}
