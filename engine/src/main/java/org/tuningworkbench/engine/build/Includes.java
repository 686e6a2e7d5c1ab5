package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * The files a source includes that a build reads from outside the system: as a known compiler's
 * dependency output ({@code -M -MG}) lists them with the command's own include and macro flags,
 * together with those found by following its {@code #include} lines through its own folder and
 * the command's include folders (which also covers a build whose compiler is unknown: a script, a
 * project's own wrapper, which is never run to ask). {@code -MM} is not used: it leaves out the
 * headers of {@code -isystem} folders, which a project may own.
 */
final class Includes {

    private static final List<String> SYSTEM = List.of("/usr/", "/lib/", "/opt/", "/nix/");
    private static final Pattern INCLUDE = Pattern.compile("^\\s*#\\s*(?:include|import|include_next)\\s*([\"<])([^\">]+)[\">]", Pattern.MULTILINE);
    private static final List<String> DIR_FLAGS = List.of("-I", "-isystem", "-iquote", "-idirafter");
    private static final List<String> FILE_FLAGS = List.of("-include", "-imacros");
    private static final int MAX_FILES = 2_000;
    private static final long MAX_SOURCE_BYTES = 8L << 20;

    private Includes() {}

    /** The include folder word {@code i} of {@code words} gives ({@code -Idir}, {@code -I dir}, {@code -isystem dir}), or null. */
    static String includeDir(List<String> words, int i) {
        String w = words.get(i);
        for (String flag : DIR_FLAGS) {
            if (w.equals(flag)) return i + 1 < words.size() ? words.get(i + 1) : null;
            if (w.startsWith(flag) && w.length() > flag.length() && !(flag.equals("-I") && w.startsWith("-I-"))) return w.substring(flag.length());
        }
        return null;
    }

    /**
     * The files {@code sources} include outside the system folders (found or, when missing, where they were looked for).
     *
     * @param compiler the command's compiler when it is one this class may ask (on the PATH, not a file of the project), else null
     * @param words    the build command's words, its {@code {kernel_dir}} filled
     */
    static Set<Path> of(List<Path> sources, String compiler, List<String> words, List<Path> includeDirs, Path projectDir, Path workDir)
            throws IOException, InterruptedException {
        var out = new LinkedHashSet<Path>();
        for (Path source : sources) {
            if (compiler != null) out.addAll(fromCompiler(source, compiler, words, includeDirs, projectDir, workDir));
            out.addAll(followed(source, includeDirs, projectDir));
        }
        sources.forEach(s -> out.remove(s.toAbsolutePath().normalize()));
        out.removeIf(p -> !kept(p, projectDir, includeDirs));
        return out;
    }

    /** A project's header, or one of a folder the command names; a system header is the toolchain's, which the compiler's version stands for. */
    private static boolean kept(Path file, Path projectDir, List<Path> includeDirs) {
        return file.startsWith(projectDir.toAbsolutePath().normalize()) || includeDirs.stream().anyMatch(file::startsWith)
                || SYSTEM.stream().noneMatch(file.toString()::startsWith);
    }

    /** What {@code compiler -M -MG} lists; nothing when it fails (the followed includes still count). */
    private static List<Path> fromCompiler(Path source, String compiler, List<String> words, List<Path> includeDirs, Path projectDir, Path workDir)
            throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(compiler, "-M", "-MG"));
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String dir = includeDir(words, i);
            if (dir != null) {
                if (dir.contains("{")) continue;
                String absolute = projectDir.resolve(dir).normalize().toString();
                if (DIR_FLAGS.contains(w)) {
                    command.addAll(List.of(w, absolute));
                    i++;
                } else {
                    command.add(w.substring(0, w.length() - dir.length()) + absolute);
                }
            } else if (FILE_FLAGS.contains(w) && i + 1 < words.size()) {
                command.add(w);
                command.add(projectDir.resolve(words.get(++i)).normalize().toString());
            } else if (w.startsWith("-D") || w.startsWith("-U") || w.startsWith("-std=")) {
                command.add(w);
                if ((w.equals("-D") || w.equals("-U")) && i + 1 < words.size()) command.add(words.get(++i));
            }
        }
        command.add(source.toAbsolutePath().toString());
        Path dir = Files.createTempDirectory(workDir, WorkFolders.ownedName("deps-"));
        try {
            ChildProcess.Exit exit = new ChildProcess().run(command, dir, "deps", Duration.ofSeconds(30));
            if (!exit.ok()) return List.of();
            return parse(Files.readString(exit.stdout(), StandardCharsets.ISO_8859_1), source);
        } catch (IOException e) {
            // A compiler that cannot be started is the build's to report; the followed includes stand.
            return List.of();
        } finally {
            WorkFolders.deleteQuietly(dir);
        }
    }

    /** The files of a Makefile rule {@code target: a b \ c}; a space in a name is written {@code \ }. */
    static List<Path> parse(String rule, Path source) {
        String text = rule.replace("\\\n", " ");
        int colon = text.indexOf(": ");
        if (colon < 0) colon = text.indexOf(':');
        var out = new ArrayList<Path>();
        var word = new StringBuilder();
        String deps = text.substring(colon + 1) + " ";
        for (int i = 0; i < deps.length(); i++) {
            char c = deps.charAt(i);
            if (c == '\\' && i + 1 < deps.length() && deps.charAt(i + 1) == ' ') {
                word.append(' ');
                i++;
            } else if (Character.isWhitespace(c)) {
                if (!word.isEmpty()) out.add(source.toAbsolutePath().getParent().resolve(word.toString()).normalize());
                word.setLength(0);
            } else {
                word.append(c);
            }
        }
        return out;
    }

    /**
     * The files reached by following {@code #include} lines from {@code source}: quoted ones from the including file's folder
     * first, then the include folders; one found in none of them (a folder a script names in its own way) is the project's
     * file of that name, wherever it is in the project folder.
     */
    static List<Path> followed(Path source, List<Path> includeDirs, Path projectDir) {
        List<Path> projectFiles = null;
        var found = new LinkedHashSet<Path>();
        var queue = new ArrayDeque<Path>(List.of(source.toAbsolutePath().normalize()));
        while (!queue.isEmpty() && found.size() < MAX_FILES) {
            Path file = queue.poll();
            String text;
            try {
                if (!Files.isRegularFile(file) || Files.size(file) > MAX_SOURCE_BYTES) continue;
                text = Files.readString(file, StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                continue;
            }
            var m = INCLUDE.matcher(text);
            while (m.find()) {
                var where = new ArrayList<Path>();
                if (m.group(1).equals("\"")) where.add(file.getParent());
                where.addAll(includeDirs);
                Path hit = where.stream().map(dir -> dir.resolve(m.group(2)).normalize()).filter(Files::isRegularFile).findFirst().orElse(null);
                if (hit == null) {
                    if (projectFiles == null) projectFiles = filesUnder(projectDir);
                    String tail = "/" + Path.of(m.group(2)).normalize();
                    hit = projectFiles.stream().filter(p -> p.toString().endsWith(tail)).findFirst().orElse(null);
                }
                if (hit != null && found.add(hit)) queue.add(hit);
            }
        }
        return List.copyOf(found);
    }

    /** The project's files, a few folders deep (hidden ones left out), for the headers a script's own include folders hold. */
    private static List<Path> filesUnder(Path projectDir) {
        Path root = projectDir.toAbsolutePath().normalize();
        try (var files = Files.walk(root, 6)) {
            return files.filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !("/" + root.relativize(p)).contains("/.")).limit(20_000).sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.of();
        }
    }
}
