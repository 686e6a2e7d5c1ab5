package org.tuningworkbench.engine.marker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Markers in the comments of other languages: {@code # tunable} in Python and shell, {@code -- tunable} in Lua. */
class CommentStyleTest {

    @Test
    void theStyleFollowsTheExtension() {
        assertThat(CommentStyle.of(Path.of("k.py"))).isEqualTo(CommentStyle.HASH);
        assertThat(CommentStyle.of(Path.of("run.sh"))).isEqualTo(CommentStyle.HASH);
        assertThat(CommentStyle.of(Path.of("Makefile"))).isEqualTo(CommentStyle.HASH);
        assertThat(CommentStyle.of(Path.of("k.lua"))).isEqualTo(CommentStyle.DASHES);
        for (String c : new String[] {"k.c", "k.cpp", "k.cu", "k.hip", "k.cl", "k.h"}) {
            assertThat(CommentStyle.of(Path.of(c))).as(c).isEqualTo(CommentStyle.SLASHES);
        }
    }

    @Test
    void aPythonAssignmentIsATunableUpToItsMarker() throws Exception {
        var source = TunableSource.parse(Path.of("k.py"), "import numpy\nBLOCK = 64  # tunable\nSTEP = 2;  # tunable\nx = 1  # not tunable here\n");
        assertThat(source.errors()).isEmpty();
        assertThat(source.parameters()).containsOnlyKeys("BLOCK", "STEP");
        assertThat(source.parameters().get("BLOCK").value()).isEqualTo("64");
        assertThat(source.parameters().get("STEP").value()).isEqualTo("2");
        String variant = source.substitute(new Config(Map.of("BLOCK", "128", "STEP", "4"))).text();
        assertThat(variant).isEqualTo("import numpy\nBLOCK = 128  # tunable\nSTEP = 4;  # tunable\nx = 1  # not tunable here\n");
    }

    @Test
    void aPythonAliasReplacesTheWholeCode() throws Exception {
        var source = TunableSource.parse(Path.of("k.py"), "    c = a @ b  # tunable: Product\n");
        assertThat(source.parameters()).containsOnlyKeys("Product");
        assertThat(source.substitute(new Config(Map.of("Product", "c = numpy.dot(a, b)"))).text())
                .isEqualTo("    c = numpy.dot(a, b)  # tunable: Product\n");
    }

    @Test
    void aCStyleMarkerIsNotAMarkerInPythonNorTheOtherWayRound() {
        assertThat(TunableSource.parse(Path.of("k.py"), "x = 1 // tunable\n").parameters()).isEmpty();
        assertThat(TunableSource.parse(Path.of("k.c"), "int x = 1; # tunable\n").parameters()).isEmpty();
    }

    @Test
    void aLuaAssignmentTakesDashes() throws Exception {
        var source = TunableSource.parse(Path.of("k.lua"), "local width = 8 -- tunable\n");
        assertThat(source.parameters()).containsOnlyKeys("width");
        assertThat(source.substitute(new Config(Map.of("width", "16"))).text()).isEqualTo("local width = 16 -- tunable\n");
    }

    @Test
    void errorsAndRefusedValuesSpeakTheFilesMarker() {
        var source = TunableSource.parse(Path.of("k.py"), "print(1)  # tunable\nN = 4  # tunable\n");
        assertThat(source.errors()).singleElement().extracting(Object::toString).asString()
                .contains("a `# tunable` line must read `NAME = VALUE # tunable`");
        assertThatThrownBy(() -> source.substitute(new Config(Map.of("N", "4 # 5"))))
                .hasMessageContaining("contains `#`, which would start a comment");
        assertThatThrownBy(() -> source.substitute(new Config(Map.of("M", "1")))).hasMessageContaining("no `# tunable` line in k.py");
    }
}
