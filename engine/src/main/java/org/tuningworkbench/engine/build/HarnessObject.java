package org.tuningworkbench.engine.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;

/**
 * The harness compiled once into an object file, for a build command that is a plain compiler call: the
 * harness's fixed part is then compiled once per compiler, flags and harness text, and each variant compiles
 * only its launcher's own part and the kernel, and links the object. Any other command (a script, a pipeline,
 * {@code -c} or {@code -E} of its own) builds as before, the harness included whole in the launcher.
 *
 * <p>From {@code gcc -O3 -march=native -I{kernel_dir} {source} -o {output} -lm} it makes the object's command
 * {@code gcc -O3 -march=native -I{kernel_dir} -DTW_HARNESS_OBJECT -c {work_dir}/tw_harness_object.c -o {work_dir}/tw_harness.o}
 * (link-only words left out) and the variant's {@code gcc -O3 -march=native -I{kernel_dir} -DTW_HARNESS_LINKED
 * {source} {harness_object} -o {output} -lm}.
 *
 * <p>The harness's interface, with the system headers it includes, is also precompiled by the same flags
 * ({@code -DTW_HARNESS_LINKED -x c-header}): gcc reads {@code tw_harness.h.gch} beside the header in place of its
 * text when it was made with compatible flags and macros, and silently reads the text otherwise.
 *
 * @param objectCommand  the object's build command, {@code {work_dir}} its own folder, {@code {kernel_dir}} as the variant's
 * @param headerCommand  the command that precompiles the harness's interface in the same folder
 * @param variantCommand the variant's build command, {@code {harness_object}} standing for the object's path
 * @param key            the object's identity: its command, the compiler, the harness's text and what else builds read
 */
public record HarnessObject(String objectCommand, String headerCommand, String variantCommand, String key) {

    /** The object's file name inside its cache folder. */
    public static final String OBJECT = "tw_harness.o";

    /** The harness's interface precompiled (gcc's name: the header's beside it), which a variant's compiler uses when its flags allow. */
    public static final String HEADER = Launcher.HARNESS_FILE + ".gch";

    /** The placeholder of the object's path in {@link #variantCommand()}. */
    static final String PLACEHOLDER = "{harness_object}";

    /** Compilers that compile and link C and C++ alike, with gcc's -c, -o and -D (nvcc and others build as before). */
    private static final Pattern COMPILER = Pattern.compile("(?:.*/)?(?:[\\w.-]+-)?(?:gcc|g\\+\\+|cc|c\\+\\+|clang|clang\\+\\+)(?:-[\\d.]+)?");

    /** Characters that make a command more than one compiler call with words: left to the shell, built as before. */
    private static final Pattern SHELL_SYNTAX = Pattern.compile("[;&|<>$`()*?\\[\\]~#\\n\\\\]");

    /** Words that change what the compiler makes: a command with one builds the harness in, as before. */
    private static final Set<String> OWN_MODE = Set.of("-c", "-S", "-E", "-M", "-MM", "-x", "-shared", "-r", "-o");

    /**
     * The harness object for {@code command} building {@code launcher}, when the command is a plain call of a
     * C or C++ compiler on {@code {source}} writing {@code -o {output}} and the launcher can link it; empty otherwise.
     *
     * @param identity what else decides the object: the compiler's version and the fingerprint of the builds' inputs
     */
    public static Optional<HarnessObject> of(String command, Launcher launcher, String... identity) {
        if (!launcher.linksHarnessObject() || SHELL_SYNTAX.matcher(command).find()) return Optional.empty();
        List<String> words = ShellWords.split(command);
        if (words.size() < 4 || !COMPILER.matcher(words.getFirst()).matches()) return Optional.empty();
        int source = words.indexOf("{source}");
        int output = words.indexOf("{output}");
        if (source < 0 || words.lastIndexOf("{source}") != source || output < 1 || words.lastIndexOf("{output}") != output
                || !words.get(output - 1).equals("-o")) {
            return Optional.empty();
        }
        var object = new ArrayList<String>();
        var variant = new ArrayList<String>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (i == source) {
                variant.add(ShellWords.quote("-D" + Launcher.HARNESS_LINKED));
                variant.add("{source}");
                variant.add(PLACEHOLDER);
                continue;
            }
            if (i == output - 1 || i == output) {
                variant.add(word.equals("{output}") ? word : ShellWords.quote(word));
                continue;
            }
            if ((i > 0 && OWN_MODE.contains(word)) || word.contains("{work_dir}") || word.contains("{source}") || word.contains("{output}")) {
                return Optional.empty();
            }
            String quoted = quoteAround(word);
            variant.add(quoted);
            if (!linkOnly(word)) object.add(quoted);
        }
        var header = new ArrayList<>(object);
        object.addAll(List.of(ShellWords.quote("-DTW_HARNESS_OBJECT"), "-c", "{work_dir}/" + fileName(launcher), "-o", "{work_dir}/" + OBJECT));
        header.addAll(List.of(ShellWords.quote("-D" + Launcher.HARNESS_LINKED), "-x", launcher.fileName().endsWith(".c") ? "c-header" : "c++-header",
                "{work_dir}/" + Launcher.HARNESS_FILE, "-o", "{work_dir}/" + HEADER));
        String objectCommand = String.join(" ", object);
        String headerCommand = String.join(" ", header);
        var parts = new ArrayList<>(List.of(objectCommand, headerCommand, Launcher.harnessSource(), Launcher.harnessObjectSource()));
        parts.addAll(List.of(identity));
        return Optional.of(new HarnessObject(objectCommand, headerCommand, String.join(" ", variant), Fingerprint.of(parts.toArray(String[]::new))));
    }

    /** The object source's file name: a C++ launcher's harness compiles as C++, with C linkage. */
    static String fileName(Launcher launcher) {
        String name = launcher.fileName();
        return "tw_harness_object" + name.substring(name.lastIndexOf('.'));
    }

    /** The object's cache folder's name. */
    String folderName() {
        return "harness-" + key;
    }

    /** Words only the linker reads: libraries, their folders, linker options, objects and archives. */
    private static boolean linkOnly(String word) {
        return word.startsWith("-l") || word.startsWith("-L") || word.startsWith("-Wl,") || word.equals("-static") || word.equals("-pie")
                || word.equals("-no-pie") || word.endsWith(".o") || word.endsWith(".a") || word.endsWith(".so");
    }

    /** A word quoted for the shell, a placeholder in it ({@code -I{kernel_dir}}) left outside the quotes to be filled. */
    private static String quoteAround(String word) {
        int at = word.indexOf("{kernel_dir}");
        if (at < 0) return ShellWords.quote(word);
        String before = word.substring(0, at);
        String after = word.substring(at + "{kernel_dir}".length());
        return (before.isEmpty() ? "" : ShellWords.quote(before)) + "{kernel_dir}" + (after.isEmpty() ? "" : quoteAround(after));
    }
}
