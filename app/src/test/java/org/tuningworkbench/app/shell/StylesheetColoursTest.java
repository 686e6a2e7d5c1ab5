package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every looked-up colour the window's stylesheet uses is defined, by the theme or by the stylesheet itself: JavaFX
 * takes an undefined one for a string, logs a warning nobody reads, and leaves what it paints without a colour.
 */
class StylesheetColoursTest {

    private static final Pattern NAME = Pattern.compile("-(?:color|tw)-[a-z0-9-]+");
    private static final Pattern DEFINED = Pattern.compile("(-(?:color|tw)-[a-z0-9-]+)\\s*:");

    @ParameterizedTest
    @ValueSource(strings = {"/atlantafx/base/theme/primer-light.css", "/atlantafx/base/theme/primer-dark.css"})
    void everyColourTheStylesheetUsesIsDefinedInTheme(String theme) throws IOException {
        String ours = read("/org/tuningworkbench/app/workbench.css");
        var defined = names(DEFINED, read(theme));
        defined.addAll(names(DEFINED, ours));
        var used = names(NAME, ours);
        assertThat(used).as("the colours workbench.css uses").isNotEmpty();
        used.removeAll(defined);
        assertThat(used).as("used by workbench.css and defined neither there nor by " + theme).isEmpty();
    }

    private static Set<String> names(Pattern pattern, String css) {
        var out = new TreeSet<String>();
        var m = pattern.matcher(css);
        while (m.find()) out.add(m.groupCount() > 0 ? m.group(1) : m.group());
        return out;
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = StylesheetColoursTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
