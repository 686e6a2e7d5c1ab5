package org.tuningworkbench.app.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fxmisc.richtext.model.StyleSpan;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.TunableSource;

class CppHighlighterTest {

    /** The style classes of each character of {@code text}. */
    private static List<Collection<String>> styles(String text) {
        var out = new ArrayList<Collection<String>>();
        for (StyleSpan<Collection<String>> span : CppHighlighter.highlight(text, TunableSource.parse(Path.of("k.cl"), text).markedLines())) {
            for (int i = 0; i < span.getLength(); i++) out.add(span.getStyle());
        }
        return out;
    }

    @Test
    void aTunableDefineShowsItsValueAndItsMarker() {
        String text = "#define BLOCK 64 // tunable";
        var styles = styles(text);
        assertThat(styles.get(text.indexOf("64"))).contains("tunable-value");
        assertThat(styles.get(text.indexOf("//"))).containsExactly("marker-comment");
        assertThat(styles.get(0)).containsExactly("preprocessor");
        assertThat(styles.get(text.indexOf("BLOCK"))).doesNotContain("tunable-value");
    }

    @Test
    void aDirectiveWithoutACommentIsOneRunToItsEnd() {
        String text = "#include <a/b.h>\n#define HALF 1/2";
        var styles = styles(text);
        assertThat(styles.get(text.indexOf("b.h"))).containsExactly("preprocessor");
        assertThat(styles.get(text.length() - 1)).containsExactly("preprocessor");
    }

    @Test
    void tunableInACommentIsProseUnlessItIsAMarkedLinesTrailingMarker() {
        String text = "// Each tunable line below is a parameter.\n/* tunable block sizes */\nint BM = 64; // tunable\nint x = 1; // not tunable here\n";
        var styles = styles(text);
        assertThat(styles.get(0)).containsExactly("comment");
        assertThat(styles.get(text.indexOf("/*"))).containsExactly("comment");
        assertThat(styles.get(text.indexOf("// tunable"))).containsExactly("marker-comment");
        assertThat(styles.get(text.indexOf("// not"))).containsExactly("comment");
    }
}
