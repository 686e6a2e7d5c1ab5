package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The project's files a build command reads besides the kernel: every file a word of the command
 * names once its placeholders are filled (a script given to {@code sh} or {@code bash}, a
 * {@code ./build.sh}, a Makefile after {@code make -f}, or the one {@code make} reads by default, a
 * file after {@code -include}), and, in those that are text (scripts, Makefiles), every word that
 * names a file of the project: a file the script sources or passes on. Only files inside the
 * project folder count (the kernel's folder is in it): what they hold is the project's, and is
 * part of the build's identity and of the trust the person gave it.
 */
public final class BuildReads {

    /** How far and how much a scan follows, so a project cannot make it endless. */
    private static final int MAX_FILES = 256;
    private static final long MAX_SCANNED_BYTES = 1L << 20;
    /** Sources and headers are followed by their includes ({@link Includes}), not by their words. */
    private static final Pattern C_LIKE = Pattern.compile(".*\\.(c|cc|cpp|cxx|cu|cl|h|hh|hpp|hxx|inc|inl|cuh)$");
    /** A word of a script that may name a file: letters, digits and the characters file names and flags use. */
    private static final Pattern WORD = Pattern.compile("[\\w+.,@%:/=-]+");
    private static final List<String> MAKE = List.of("make", "gmake");
    private static final List<String> DEFAULT_MAKEFILES = List.of("GNUmakefile", "makefile", "Makefile");

    private BuildReads() {}

    /** The project's files {@code command} reads, as real paths, in the order found; the kernel's folder fills {@code {kernel_dir}}. */
    public static List<Path> of(String command, Path projectDir, Path kernelDir) {
        List<Path> roots = List.of(real(projectDir), real(kernelDir));
        var found = new LinkedHashSet<Path>();
        var queue = new ArrayDeque<Path>();
        List<String> words = ShellWords.split(command);
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i).replace("{kernel_dir}", kernelDir.toAbsolutePath().toString());
            if (word.contains("{source}") || word.contains("{output}") || word.contains("{work_dir}")) continue;
            for (String candidate : candidates(word)) add(projectDir.resolve(candidate), roots, found, queue);
            if (MAKE.contains(Path.of(word).getFileName() == null ? "" : Path.of(word).getFileName().toString()) && !namesMakefile(words, i)) {
                Path folder = makeFolder(words, i, projectDir, kernelDir);
                for (String name : DEFAULT_MAKEFILES) {
                    if (add(folder.resolve(name), roots, found, queue)) break;
                }
            }
        }
        while (!queue.isEmpty() && found.size() < MAX_FILES) {
            Path file = queue.poll();
            for (String word : wordsOf(file)) {
                for (String candidate : suffixes(word)) {
                    if (add(file.getParent().resolve(candidate), roots, found, queue) || add(projectDir.resolve(candidate), roots, found, queue)) break;
                }
            }
        }
        return List.copyOf(found);
    }

    /** The include folders (-I, -isystem, -iquote, -idirafter) the command and the files it reads give, as absolute paths. */
    public static List<Path> includeDirs(String command, List<Path> reads, Path projectDir, Path kernelDir) {
        var words = new ArrayList<String>();
        ShellWords.split(command).forEach(w -> words.add(w.replace("{kernel_dir}", kernelDir.toAbsolutePath().toString())));
        for (Path file : reads) {
            if (!C_LIKE.matcher(file.toString()).matches()) words.addAll(wordsOf(file));
        }
        var dirs = new LinkedHashSet<Path>();
        for (int i = 0; i < words.size(); i++) {
            String value = Includes.includeDir(words, i);
            if (value == null || value.isEmpty() || value.contains("$") || value.contains("{")) continue;
            Path dir = projectDir.resolve(value).normalize();
            if (Files.isDirectory(dir)) dirs.add(dir);
        }
        return List.copyOf(dirs);
    }

    /** A word itself, and what follows its {@code =} (an option's value: {@code --file=x}). */
    private static List<String> candidates(String word) {
        var out = new ArrayList<String>();
        if (!word.isEmpty() && !word.startsWith("-")) out.add(word);
        int eq = word.indexOf('=');
        if (eq >= 0 && eq + 1 < word.length()) out.add(word.substring(eq + 1));
        return out;
    }

    /**
     * A script's word and its shorter tails: {@code "$(dirname "$0")/env.sh"} reads as {@code /env.sh},
     * {@code $HERE/lib/env.sh} as {@code HERE/lib/env.sh}; the first tail that is a project file is the one meant.
     */
    private static List<String> suffixes(String word) {
        var out = new ArrayList<String>();
        for (String c : candidates(word)) {
            String rest = c;
            while (!rest.isEmpty()) {
                if (!rest.startsWith("/")) out.add(rest);
                int slash = rest.indexOf('/', 1);
                if (slash < 0) break;
                rest = rest.substring(slash + 1);
            }
            if (c.startsWith("/") && c.length() > 1 && c.indexOf('/', 1) < 0) out.add(c.substring(1));
        }
        return out;
    }

    /** Adds {@code file} when it is a regular file inside the project; true when it is one (found before or now). */
    private static boolean add(Path file, List<Path> roots, Set<Path> found, ArrayDeque<Path> queue) {
        if (found.size() >= MAX_FILES) return false;
        Path normal = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(normal)) return false;
        Path real = real(normal);
        if (roots.stream().noneMatch(real::startsWith) || real.toString().endsWith(".jsonl")) return false;
        if (found.add(real) && !C_LIKE.matcher(real.toString()).matches()) queue.add(real);
        return true;
    }

    /** The words of a text file (a script, a Makefile); a binary file or a large one has none worth following. */
    private static List<String> wordsOf(Path file) {
        try {
            if (Files.size(file) > MAX_SCANNED_BYTES) return List.of();
            byte[] bytes = Files.readAllBytes(file);
            for (byte b : bytes) {
                if (b == 0) return List.of();
            }
            var out = new ArrayList<String>();
            var m = WORD.matcher(new String(bytes, StandardCharsets.ISO_8859_1));
            while (m.find()) out.add(m.group());
            return out;
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean namesMakefile(List<String> words, int make) {
        for (int i = make + 1; i < words.size() && !List.of(";", "&", "|").contains(words.get(i)); i++) {
            String w = words.get(i);
            if (w.equals("-f") || w.equals("--file") || w.equals("--makefile") || w.startsWith("--file=") || w.startsWith("--makefile=")
                    || (w.startsWith("-f") && w.length() > 2)) {
                return true;
            }
        }
        return false;
    }

    /** The folder {@code make -C DIR} reads its Makefile from: the project folder without {@code -C}. */
    private static Path makeFolder(List<String> words, int make, Path projectDir, Path kernelDir) {
        for (int i = make + 1; i + 1 < words.size() && !List.of(";", "&", "|").contains(words.get(i)); i++) {
            if (words.get(i).equals("-C")) return projectDir.resolve(words.get(i + 1).replace("{kernel_dir}", kernelDir.toAbsolutePath().toString()));
        }
        return projectDir;
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
