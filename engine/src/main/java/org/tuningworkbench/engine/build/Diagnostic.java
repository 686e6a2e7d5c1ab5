package org.tuningworkbench.engine.build;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tuningworkbench.bridge.KernelLibrary;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.OpenClLauncher;

/**
 * A compiler message. {@code inKernel} tells whether {@code line} is a line of the user's kernel
 * file (variants keep the kernel's lines); otherwise {@code file} names the header it is in, or is
 * null for the generated launcher and harness.
 *
 * @param file the header the message is about, relative to the project folder when it is inside it
 *             ({@code include/gemm_types.hpp}); null for the kernel itself and the generated code
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Diagnostic(Severity severity, boolean inKernel, int line, int column, String message, String file) {

    public enum Severity { ERROR, WARNING, NOTE }

    private static final Pattern GCC = Pattern.compile("^(.*?):(\\d+):(?:(\\d+):)? (fatal error|error|warning|note): (.*)$");

    /** A message in the kernel (when {@code inKernel}) or in the generated code. */
    public Diagnostic(Severity severity, boolean inKernel, int line, int column, String message) {
        this(severity, inKernel, line, column, message, null);
    }

    /** Reads gcc/clang style diagnostics; {@code kernelFileName} is the name the variant was compiled under. */
    public static List<Diagnostic> parse(String log, String kernelFileName) {
        return parse(log, kernelFileName, null);
    }

    /**
     * As {@link #parse(String, String)}; a header's path is shown relative to {@code projectDir}
     * (the folder the build runs from) when it is inside it.
     */
    public static List<Diagnostic> parse(String log, String kernelFileName, Path projectDir) {
        var out = new ArrayList<Diagnostic>();
        for (String line : log.split("\n")) {
            Matcher m = GCC.matcher(line);
            if (!m.matches()) continue;
            String file = m.group(1);
            boolean inKernel = file.equals(kernelFileName) || file.endsWith("/" + kernelFileName);
            Severity severity = switch (m.group(4)) {
                case "warning" -> Severity.WARNING;
                case "note" -> Severity.NOTE;
                default -> Severity.ERROR;
            };
            int column = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
            String header = inKernel || generated(file) ? null : shown(file, projectDir);
            out.add(new Diagnostic(severity, inKernel, Integer.parseInt(m.group(2)), column, m.group(5), header));
        }
        return out;
    }

    /** The launcher, the variant's unit and the harness the engine writes beside the variant. */
    private static boolean generated(String file) {
        String name = Path.of(file).getFileName() == null ? file : Path.of(file).getFileName().toString();
        return name.startsWith("tw_launcher.") || name.startsWith("tw_variant.") || name.equals(KernelLibrary.PRELUDE) || name.equals(Launcher.HARNESS_FILE) || name.equals(OpenClLauncher.SUPPORT_FILE)
                || name.equals(OpenClLauncher.KERNEL_SOURCE_FILE) || file.startsWith("<");
    }

    private static String shown(String file, Path projectDir) {
        try {
            Path path = Path.of(file);
            if (projectDir != null && path.isAbsolute()) {
                Path dir = projectDir.toAbsolutePath().normalize();
                Path normal = path.normalize();
                if (normal.startsWith(dir)) return dir.relativize(normal).toString();
            }
            return path.normalize().toString();
        } catch (java.nio.file.InvalidPathException e) {
            return file;
        }
    }

    /** The first line of a log that says error without a place in a file: a compiler refusing its command line ({@code g++: error: unrecognized ...}). */
    public static java.util.Optional<String> firstUnplacedError(String log) {
        return log.lines().map(String::strip).filter(l -> UNPLACED_ERROR.matcher(l).find()).findFirst();
    }

    private static final Pattern UNPLACED_ERROR = Pattern.compile("(?i)^(?:[\\w.+-]+: )?(?:fatal )?error\\b");

    /** The linker's first complaint ({@code undefined reference to `f'}), which has no source line. */
    public static java.util.Optional<String> firstLinkerError(String log) {
        return log.lines().map(String::strip)
                .filter(l -> l.contains("undefined reference") || l.contains("multiple definition"))
                .map(l -> l.replaceFirst("^.*?: (?=(undefined reference|multiple definition))", ""))
                .findFirst();
    }

    /**
     * {@code kernel.c:12:5: error: ...} with the user's file name, the header's name for a message in
     * a header the kernel includes, or {@code generated launcher:...} for the generated code.
     */
    public String describe(String kernelFileName) {
        return where(kernelFileName) + ": " + severity.name().toLowerCase() + ": " + message;
    }

    /** Where the message points: {@code kernel.c:12:5}, named as {@link #describe} names it. */
    public String where(String kernelFileName) {
        String file = inKernel ? kernelFileName : this.file != null ? this.file : "generated launcher";
        return file + ":" + line + (column > 0 ? ":" + column : "");
    }
}
