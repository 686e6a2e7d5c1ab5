package org.tuningworkbench.engine.marker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A kernel source with one configuration's values substituted. Substitution never adds or removes
 * lines of the body, so line {@code n} of the body is line {@code n} of the user's file.
 *
 * @param body     the user's file with the marked lines' values replaced
 * @param injected the config's parameters no marked line declares, written as {@code #define}s
 *                 before the body ({@code [kernel] inject = "defines"}); empty otherwise
 */
public record Variant(Config config, String body, Map<String, String> injected) {

    public Variant {
        injected = Collections.unmodifiableMap(new LinkedHashMap<>(injected));
    }

    public Variant(Config config, String body) {
        this(config, body, Map.of());
    }

    /**
     * The text the compiler is given: the injected {@code #define}s, then {@code #line 1} so its
     * messages name the lines of the user's file, then the body.
     */
    public String text() {
        if (injected.isEmpty()) return body;
        var out = new StringBuilder();
        injected.forEach((name, value) -> out.append("#define ").append(name).append(' ').append(value).append('\n'));
        return out.append("#line 1\n").append(body).toString();
    }

    /**
     * The text to keep as the user's file (apply best): each injected parameter as a marked
     * {@code #define NAME VALUE // tunable} line, which a later run changes in place.
     */
    public String textToKeep() {
        if (injected.isEmpty()) return body;
        var out = new StringBuilder();
        injected.forEach((name, value) -> out.append("#define ").append(name).append(' ').append(value).append(" // tunable\n"));
        return out.append(body).toString();
    }
}
