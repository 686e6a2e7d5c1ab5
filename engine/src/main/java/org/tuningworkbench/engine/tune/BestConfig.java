package org.tuningworkbench.engine.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The best config of a project's records and the kernel source with its values written in, by one
 * rule for {@code workbench apply-best} and the window's Apply Best: the best by the project's
 * objective, as its run ranked them.
 */
public final class BestConfig {

    private BestConfig() {}

    /** The best of {@code records} by {@code project}'s objective; empty when none succeeded. */
    public static Optional<TuningRecord> of(Project project, List<TuningRecord> records) {
        return Ranking.of(records, project.search().objective()).best();
    }

    /** {@code source}'s text with {@code best}'s values written in, as the kernel's file keeps it. */
    public static String writtenInto(TunableSource source, TuningRecord best) throws InvalidConfigException {
        return source.substitute(best.configValues()).textToKeep();
    }

    /**
     * A warning when {@code best} was measured on another text of {@code kernel} than {@code text}, or
     * with other headers, or for another CPU (its record's source identity says which it was); empty
     * when it was measured on this one, or when that cannot be told.
     */
    public static Optional<String> measuredOnAnotherText(Project project, Path kernel, String text, TuningRecord best) {
        String measuredOn = best.identity().source();
        if (measuredOn == null) return Optional.empty();
        Path work = null;
        try {
            work = Files.createTempDirectory("apply-best-");
            if (TuningRecord.Identity.sourceOf(text, KernelInputs.of(project, kernel, work)).equals(measuredOn)) return Optional.empty();
            return Optional.of("the best config was measured on another text of " + kernel.getFileName()
                    + " (or with other headers, or for another CPU): its " + Durations.micros(best.medianUs())
                    + " may not hold for the source as it is now; tune again to measure it");
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            if (work != null) WorkFolders.deleteQuietly(work);
        }
    }

    /**
     * Where the previous text of {@code kernel} is kept: {@code KERNEL.orig}, or when an earlier
     * apply-best left that, the first free {@code KERNEL.orig.2}, {@code .3}, …: no earlier backup,
     * the hand-written original above all, is ever overwritten.
     */
    public static Path backupOf(Path kernel) {
        Path backup = kernel.resolveSibling(kernel.getFileName() + ".orig");
        for (int n = 2; Files.exists(backup, LinkOption.NOFOLLOW_LINKS); n++) {
            backup = kernel.resolveSibling(kernel.getFileName() + ".orig." + n);
        }
        return backup;
    }
}
