package org.tuningworkbench.engine.build;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A compiler message. {@code inKernel} tells whether {@code line} is a line of the user's kernel
 * file (variants keep the kernel's lines) or of the generated launcher.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Diagnostic(Severity severity, boolean inKernel, int line, int column, String message) {

    public enum Severity { ERROR, WARNING, NOTE }

    private static final Pattern GCC = Pattern.compile("^(.*?):(\\d+):(?:(\\d+):)? (fatal error|error|warning|note): (.*)$");

    /** Reads gcc/clang style diagnostics; {@code kernelFileName} is the name the variant was compiled under. */
    public static List<Diagnostic> parse(String log, String kernelFileName) {
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
            out.add(new Diagnostic(severity, inKernel, Integer.parseInt(m.group(2)), column, m.group(5)));
        }
        return out;
    }

    /** The linker's first complaint ({@code undefined reference to `f'}), which has no source line. */
    public static java.util.Optional<String> firstLinkerError(String log) {
        return log.lines().map(String::strip)
                .filter(l -> l.contains("undefined reference") || l.contains("multiple definition"))
                .map(l -> l.replaceFirst("^.*?: (?=(undefined reference|multiple definition))", ""))
                .findFirst();
    }

    /** {@code kernel.c:12:5: error: ...} with the user's file name, or {@code launcher:...} for the generated code. */
    public String describe(String kernelFileName) {
        String where = inKernel ? kernelFileName : "generated launcher";
        return where + ":" + line + (column > 0 ? ":" + column : "") + ": " + severity.name().toLowerCase() + ": " + message;
    }
}
