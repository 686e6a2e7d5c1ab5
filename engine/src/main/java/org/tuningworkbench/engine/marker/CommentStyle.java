package org.tuningworkbench.engine.marker;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a source file's comments start, and so how its tunable marker reads: {@code // tunable} in C,
 * C++, OpenCL, CUDA and HIP; {@code # tunable} in Python, shell and other such files;
 * {@code -- tunable} in Lua, SQL and Haskell. Chosen by the file's extension.
 */
public enum CommentStyle {
    SLASHES("//"),
    HASH("#"),
    DASHES("--");

    private static final Set<String> HASH_EXTENSIONS = Set.of("py", "pyw", "sh", "bash", "zsh", "rb", "pl", "r", "jl", "nim", "cmake", "mk",
            "yaml", "yml", "toml", "tcl", "awk", "ps1");
    private static final Set<String> DASH_EXTENSIONS = Set.of("lua", "sql", "hs", "adb", "ads", "vhd", "vhdl", "elm");

    private final String token;
    private final Pattern marker;
    private final Pattern aliasMarker;

    CommentStyle(String token) {
        this.token = token;
        this.marker = Pattern.compile(Pattern.quote(token) + "\\s*tunable\\b\\s*(?::\\s*(?<alias>\\S+)?)?\\s*$");
        this.aliasMarker = Pattern.compile(Pattern.quote(token) + "\\s*tunable\\s*:.*");
    }

    /** The style of {@code file}, by its extension ({@code Makefile} and extensionless scripts aside, C's otherwise). */
    public static CommentStyle of(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.equals("makefile") || name.equals("gnumakefile")) return HASH;
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        if (HASH_EXTENSIONS.contains(extension)) return HASH;
        if (DASH_EXTENSIONS.contains(extension)) return DASHES;
        return SLASHES;
    }

    /** What starts a comment: {@code //}, {@code #} or {@code --}. */
    public String token() {
        return token;
    }

    /** The marker at the end of a line, with an optional {@code : Alias}. */
    Pattern marker() {
        return marker;
    }

    /** The marker with a colon, which names the parameter. */
    Pattern aliasMarker() {
        return aliasMarker;
    }

    /** The marker as the user writes it, for messages: {@code // tunable}. */
    public String written() {
        return token + " tunable";
    }

    /** Whether a declaration's value ends at a {@code ;} (C and its kin), or at the end of the code (Python, shell, Lua). */
    boolean valueEndsAtSemicolon() {
        return this == SLASHES;
    }
}
