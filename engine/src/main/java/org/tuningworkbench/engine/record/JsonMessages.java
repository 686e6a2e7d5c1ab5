package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Pattern;

/** What the JSON parser says is wrong with a text, for a person to read. */
public final class JsonMessages {
    private JsonMessages() {}

    /** The parser's own way of telling a place ({@code [Source: ...; line: 1, column: 5]}), which names its settings, not the file. */
    private static final Pattern PLACE = Pattern.compile("\\[Source: [^\\]]*?; ([^\\]]*)\\]");

    /** The problem without the parser's text of where: {@code (start marker at line 1, column 1)}. */
    public static String of(JsonProcessingException e) {
        return PLACE.matcher(e.getOriginalMessage()).replaceAll(m -> m.group(1).replace(": ", " "));
    }
}
