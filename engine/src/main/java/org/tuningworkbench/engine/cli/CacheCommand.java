package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tuningworkbench.engine.format.Sizes;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.cache.Leftovers;
import org.tuningworkbench.engine.exec.TuneOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code workbench cache [clean [--max-size SIZE]]}: the build cache's size, and its clean-up. */
@Command(name = "cache", mixinStandardHelpOptions = true,
        description = "Shows the build cache's size; `cache clean` removes least recently used builds. Builds used in the last 10 minutes"
                + " (a run may be using them) stay. Every run trims the cache to 2 GiB at its end.",
        subcommands = CacheCommand.Clean.class)
final class CacheCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "The cache (default: ~/.cache/tuning-workbench).")
    Path cacheDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = dir(spec.commandLine().getErr());
        if (dir == null) return ExitCode.BAD_INPUT;
        try {
            var cache = BuildCache.in(dir);
            out.println("Build cache: " + dir);
            out.println("  " + cache.entries().size() + " builds, " + Sizes.bytes(cache.size()) + " (limit at the end of a run: "
                    + Sizes.bytes(BuildCache.DEFAULT_MAX_BYTES) + ")");
            return ExitCode.OK;
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: cannot read the cache " + dir + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        }
    }

    /** The cache's folder (it may not exist yet); null, said on {@code err}, when the path is something else. */
    Path dir(PrintWriter err) {
        Path dir = cacheDir != null ? cacheDir : TuneOptions.defaults().cacheDir();
        String wrong = notAFolder(dir, cacheDir != null);
        if (wrong != null) {
            err.println("error: " + wrong);
            return null;
        }
        return dir;
    }

    /** What is wrong with {@code dir} as the cache: null when it is a folder or not there yet ({@code given}: named by --cache-dir). */
    static String notAFolder(Path dir, boolean given) {
        if (!Files.exists(dir) || Files.isDirectory(dir)) return null;
        return "the cache " + dir + " is not a folder" + (given ? "; give a folder as --cache-dir" : "");
    }

    @Command(name = "clean", mixinStandardHelpOptions = true,
            description = "Removes least recently used builds until the cache holds at most SIZE (default 0: every build not in use),"
                    + " and what killed runs left behind.")
    static final class Clean implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @picocli.CommandLine.ParentCommand
        CacheCommand parent;

        @Option(names = "--max-size", paramLabel = "SIZE", description = "Keep up to SIZE: bytes, or with K, M, G (powers of 1024), e.g. 500M.")
        String maxSize = "0";

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            long limit;
            try {
                limit = parseSize(maxSize);
            } catch (IllegalArgumentException e) {
                err.println("error: " + e.getMessage());
                return ExitCode.BAD_INPUT;
            }
            Path dir = parent.dir(err);
            if (dir == null) return ExitCode.BAD_INPUT;
            try {
                var leftovers = Leftovers.collect(dir);
                var cleaned = BuildCache.in(dir).trimTo(limit);
                out.println("Removed " + cleaned.removed() + " builds (" + Sizes.bytes(cleaned.freedBytes()) + ") and " + leftovers.folders()
                        + " folders left by killed runs; " + Sizes.bytes(cleaned.remainingBytes()) + " remain"
                        + (cleaned.keptInUse() > 0 ? ", " + cleaned.keptInUse() + " builds kept as in use" : "") + ".");
                return ExitCode.OK;
            } catch (IOException e) {
                err.println("error: cannot clean the cache " + dir + ": " + e.getMessage());
                return ExitCode.IO_ERROR;
            }
        }
    }

    private static final Pattern SIZE = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?\\s*");

    /** {@code 500M} → 524288000. */
    static long parseSize(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) throw new IllegalArgumentException("cannot read the size `" + text + "`; write e.g. 500M or 2G");
        int power = "kmgt".indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        double bytes = Double.parseDouble(m.group(1)) * Math.pow(1024, power);
        if (bytes > Long.MAX_VALUE / 2.0) throw new IllegalArgumentException("the size `" + text + "` is too large");
        return (long) bytes;
    }
}
