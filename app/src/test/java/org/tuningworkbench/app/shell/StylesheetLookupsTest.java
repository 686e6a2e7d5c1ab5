package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every colour the workbench's stylesheet looks up is defined, by itself or by both Primer themes: JavaFX paints nothing
 * for a lookup of an undefined colour (the lesson's baseline bar, {@code -color-done-emphasis}, was drawn in no colour,
 * with a ClassCastException logged for each).
 */
class StylesheetLookupsTest {

    private static final Pattern DEFINED = Pattern.compile("(-(?:color|tw|fx)-[a-z0-9-]+)\\s*:");
    private static final Pattern NAMED = Pattern.compile("(-(?:color|tw)-[a-z0-9-]+)(?!\\s*:)(?![a-z0-9-])");

    private static String text(String url) throws IOException {
        String path = url.startsWith("/") ? url : URI.create(url).getPath();
        InputStream in = url.startsWith("/") ? StylesheetLookupsTest.class.getResourceAsStream(url) : URI.create(url).toURL().openStream();
        assertThat(in).as(path).isNotNull();
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Set<String> all(Pattern pattern, String css) {
        var out = new TreeSet<String>();
        var m = pattern.matcher(css.replaceAll("(?s)/\\*.*?\\*/", ""));
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void everyColourTheStylesheetLooksUpIsDefined() throws IOException {
        String own = text(Theme.STYLESHEET);
        Set<String> light = all(DEFINED, text(new PrimerLight().getUserAgentStylesheet()));
        Set<String> dark = all(DEFINED, text(new PrimerDark().getUserAgentStylesheet()));
        Set<String> defined = all(DEFINED, own);
        var undefined = new TreeSet<String>();
        for (String name : all(NAMED, own)) {
            if (!defined.contains(name) && !(light.contains(name) && dark.contains(name))) undefined.add(name);
        }
        assertThat(undefined).isEmpty();
    }
}
