package org.tuningworkbench.engine.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.tuningworkbench.bridge.KernelLibrary;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;

/**
 * How a build command that is a plain compiler call builds a launcher cut in two ({@link KernelLibrary}): the
 * program once per compiler, flags and launcher, and each variant as a shared library, at the cost of compiling
 * its kernel and linking a library that names no default library. Any other command (a script, a pipeline,
 * {@code -c} or {@code -static} of its own), and any system but Linux, builds each variant whole, the harness in.
 *
 * <p>From {@code gcc -O3 -march=native -I{kernel_dir} {source} -o {output} -lm} it makes
 * <ul>
 *   <li>the stub: {@code gcc -O3 -march=native -I{kernel_dir} -fPIC -shared -Wl,-soname,tw_variant.so {work_dir}/tw_variant_stub.c
 *       -o {work_dir}/tw_variant.so};</li>
 *   <li>the program, linked with the stub and looking for the library in its own folder, every library the
 *       command names loaded: {@code gcc -Wl,--no-as-needed -Wl,-rpath,$ORIGIN -O3 -march=native -I{kernel_dir}
 *       {work_dir}/tw_launcher.c {work_dir}/tw_variant.so -o {work_dir}/variant -lm};</li>
 *   <li>a variant's library, its symbols hidden but the two the program calls (so the kernel inlines as in a
 *       program), bound at load: {@code gcc -O3 -march=native -I{kernel_dir} -fPIC -fvisibility=hidden -shared
 *       -nodefaultlibs -Wl,-z,now {work_dir}/tw_variant.c -o {work_dir}/tw_variant.so -lm -lgcc}. What it uses of
 *       the C library (and of the C++ one) it finds in the program that loads it.</li>
 * </ul>
 *
 * <p>What the unit includes before the kernel ({@link KernelLibrary#PRELUDE}: the system headers, the memory limit) is precompiled
 * once beside the program, by the unit's flags: gcc reads {@code tw_prelude.h.gch} beside the header in place of its
 * text when it was made with compatible flags, and silently reads the text otherwise.
 *
 * @param headerCommand  precompiles the prelude in the program's folder
 * @param stubCommand    builds the stub library the program is linked with, in the program's folder
 * @param programCommand builds the program in its folder ({@code {work_dir}})
 * @param unitCommand    builds a variant's library in the variant's folder ({@code {work_dir}})
 * @param key            the program's identity: the commands, the sources, the compiler and what else builds read
 */
public record LibraryBuild(String headerCommand, String stubCommand, String programCommand, String unitCommand, String key) {

    /** The prelude precompiled (gcc's name: the header's beside it), which a variant's compiler uses when its flags allow. */
    public static final String PRECOMPILED_HEADER = KernelLibrary.PRELUDE + ".gch";

    /** Compilers that compile and link C and C++ alike, with gcc's -c, -o, -shared and -Wl (nvcc and others build whole). */
    private static final Pattern COMPILER = Pattern.compile("(?:.*/)?(?:[\\w.-]+-)?(?:gcc|g\\+\\+|cc|c\\+\\+|clang|clang\\+\\+)(?:-[\\d.]+)?");

    /** Characters that make a command more than one compiler call with words: left to the shell, built whole. */
    private static final Pattern SHELL_SYNTAX = Pattern.compile("[;&|<>$`()*?\\[\\]~#\\n\\\\]");

    /** Words that change what the compiler makes, or forbid a shared library: a command with one builds each variant whole. */
    private static final Set<String> OWN_MODE = Set.of("-c", "-S", "-E", "-M", "-MM", "-x", "-shared", "-r", "-o", "-static", "-static-pie");

    /** Whether this system's programs find a library in their own folder by {@code $ORIGIN}, as Linux's loader does. */
    private static final boolean ORIGIN_RUN_PATH = System.getProperty("os.name", "").startsWith("Linux");

    /**
     * The library build of {@code launcher} by {@code command}, when the command is a plain call of a C or C++
     * compiler on {@code {source}} writing {@code -o {output}} and the launcher can be cut; empty otherwise.
     *
     * @param identity what else decides the program: the compiler's version and the fingerprint of the builds' inputs
     */
    public static Optional<LibraryBuild> of(String command, Launcher launcher, String... identity) {
        Optional<KernelLibrary> library = launcher.library();
        if (library.isEmpty() || !ORIGIN_RUN_PATH || SHELL_SYNTAX.matcher(command).find()) return Optional.empty();
        List<String> words = ShellWords.split(command);
        if (words.size() < 4 || !COMPILER.matcher(words.getFirst()).matches()) return Optional.empty();
        int source = words.indexOf("{source}");
        int output = words.indexOf("{output}");
        if (source < 0 || words.lastIndexOf("{source}") != source || output < 1 || words.lastIndexOf("{output}") != output
                || !words.get(output - 1).equals("-o")) {
            return Optional.empty();
        }
        String dir = "{work_dir}/";
        String so = dir + KernelLibrary.LIBRARY;
        var stub = new ArrayList<String>();
        var header = new ArrayList<String>();
        var program = new ArrayList<>(List.of(ShellWords.quote(words.getFirst()), "-Wl,--no-as-needed", ShellWords.quote("-Wl,-rpath,$ORIGIN")));
        var unit = new ArrayList<String>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (i == source) {
                header.addAll(List.of("-fPIC", "-fvisibility=hidden", "-x", launcher.fileName().endsWith(".c") ? "c-header" : "c++-header",
                        dir + KernelLibrary.PRELUDE, "-o", dir + PRECOMPILED_HEADER));
                stub.addAll(List.of("-fPIC", "-shared", "-Wl,-soname," + KernelLibrary.LIBRARY, dir + library.get().stubFileName(), "-o", so));
                program.addAll(List.of(dir + launcher.fileName(), so));
                unit.addAll(List.of("-fPIC", "-fvisibility=hidden", "-shared", "-nodefaultlibs", "-Wl,-z,now", dir + library.get().unitFileName()));
                continue;
            }
            if (i == output - 1) continue;
            if (i == output) {
                program.addAll(List.of("-o", dir + Builder.PROGRAM));
                unit.addAll(List.of("-o", so));
                continue;
            }
            if ((i > 0 && OWN_MODE.contains(word)) || word.contains("{work_dir}") || word.contains("{source}") || word.contains("{output}")) {
                return Optional.empty();
            }
            String quoted = quoteAround(word);
            if (i > 0) program.add(quoted);
            unit.add(quoted);
            if (!linkOnly(word)) {
                stub.add(quoted);
                header.add(quoted);
            }
        }
        // Compiler helpers (128-bit division, complex products) come from the static libgcc, which no program exports.
        unit.add("-lgcc");
        String headerCommand = String.join(" ", header);
        String stubCommand = String.join(" ", stub);
        String programCommand = String.join(" ", program);
        String unitCommand = String.join(" ", unit);
        var parts = new ArrayList<>(List.of(headerCommand, stubCommand, programCommand, unitCommand, Launcher.harnessSource(), library.get().programSource(),
                library.get().stubSource()));
        parts.addAll(List.of(identity));
        return Optional.of(new LibraryBuild(headerCommand, stubCommand, programCommand, unitCommand, Fingerprint.of(parts.toArray(String[]::new))));
    }

    /** The program's cache folder's name. */
    String folderName() {
        return "program-" + key;
    }

    /** Words only the linker reads: libraries, their folders, linker options, objects and archives. */
    private static boolean linkOnly(String word) {
        return word.startsWith("-l") || word.startsWith("-L") || word.startsWith("-Wl,") || word.equals("-pie")
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
