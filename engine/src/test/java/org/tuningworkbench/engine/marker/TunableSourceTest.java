package org.tuningworkbench.engine.marker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TunableSourceTest {

    private static final Path FILE = Path.of("kernel.cpp");

    private static TunableSource parse(String... lines) {
        return TunableSource.parse(FILE, String.join("\n", lines));
    }

    private static Config config(String... pairs) {
        var values = new LinkedHashMap<String, String>();
        for (int i = 0; i < pairs.length; i += 2) values.put(pairs[i], pairs[i + 1]);
        return new Config(values);
    }

    @Test
    void declarationNameIsTheIdentifierBeforeEquals() {
        var source = parse("using L1TileShape = GemmShape<128, 256, 256>; // tunable");
        TunableLine line = source.parameters().get("L1TileShape");
        assertThat(line.kind()).isEqualTo(TunableLine.Kind.DECLARATION);
        assertThat(line.value()).isEqualTo("GemmShape<128, 256, 256>");
        assertThat(line.line()).isEqualTo(1);
    }

    @Test
    void declarationValueReplacesTextBetweenEqualsAndSemicolonKeepingTheMarker() throws Exception {
        var source = parse("int x;", "    constexpr int BM = 64; // tunable", "int y;");
        Variant variant = source.substitute(config("BM", "128"));
        assertThat(variant.text()).isEqualTo("int x;\n    constexpr int BM = 128; // tunable\nint y;");
    }

    @Test
    void templateArgumentsWithComparisonsDoNotConfuseTheName() throws Exception {
        var source = parse("static const bool Wide = (N >= 4) == true; // tunable");
        assertThat(source.parameters()).containsOnlyKeys("Wide");
        assertThat(source.substitute(config("Wide", "false")).text()).isEqualTo("static const bool Wide = false; // tunable");
    }

    @Test
    void aliasValueReplacesTheWholeCodePartKeepingIndentationAndMarker() throws Exception {
        var source = parse("  for (i = 0; i < n; i++) for (j = 0; j < n; j++) // tunable: LoopOrder");
        assertThat(source.parameters().get("LoopOrder").kind()).isEqualTo(TunableLine.Kind.ALIAS);
        Variant variant = source.substitute(config("LoopOrder", "for (j = 0; j < n; j++) for (i = 0; i < n; i++)"));
        assertThat(variant.text()).isEqualTo("  for (j = 0; j < n; j++) for (i = 0; i < n; i++) // tunable: LoopOrder");
    }

    @Test
    void aliasLinesComeBeforeDeclarationsOfTheSameName() throws Exception {
        var source = parse("int T = 1; // tunable", "int t = 2; // tunable: T");
        assertThat(source.parameters().get("T").line()).isEqualTo(2);
        assertThat(source.substitute(config("T", "int t = 9;")).text()).isEqualTo("int T = 1; // tunable\nint t = 9; // tunable: T");
    }

    @Test
    void onlyTheFirstOfTwoDeclarationsOfOneNameIsChanged() throws Exception {
        var source = parse("void f() { int BM = 8; // tunable", "}", "void g() { int BM = 8; // tunable", "}");
        String text = source.substitute(config("BM", "32")).text();
        assertThat(text.lines().toList()).containsExactly("void f() { int BM = 32; // tunable", "}", "void g() { int BM = 8; // tunable", "}");
    }

    @Test
    void parametersOmittedByAConfigKeepTheirValue() throws Exception {
        var source = parse("int A = 1; // tunable", "int B = 2; // tunable");
        assertThat(source.substitute(config("B", "5")).text()).isEqualTo("int A = 1; // tunable\nint B = 5; // tunable");
    }

    @Test
    void unknownParameterFailsNamingTheParameterAndTheConfig() {
        var source = parse("int BM = 1; // tunable");
        assertThatThrownBy(() -> source.substitute(new Config(Map.of("BX", "4"))))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("{BX=4}").hasMessageContaining("`BX`").hasMessageContaining("declared: BM");
    }

    @Test
    void valuesTheLineCannotTakeAreRejected() {
        var source = parse("int BM = 1; // tunable", "x(); // tunable: Call");
        assertThatThrownBy(() -> source.substitute(config("BM", " "))).hasMessageContaining("empty");
        assertThatThrownBy(() -> source.substitute(config("BM", "1; int z = 2"))).hasMessageContaining("`;`");
        assertThatThrownBy(() -> source.substitute(config("Call", "a();\nb();"))).hasMessageContaining("several lines");
        assertThatThrownBy(() -> source.substitute(config("Call", "a(); // hi"))).hasMessageContaining("comment");
    }

    @Test
    void aliasValueMayContainSemicolons() throws Exception {
        var source = parse("x(); // tunable: Call");
        assertThat(source.substitute(config("Call", "a(); b();")).text()).isEqualTo("a(); b(); // tunable: Call");
    }

    @Test
    void unreadableMarkedLinesAreErrorsNamingFileAndLine() {
        var source = parse("int ok = 1; // tunable", "foo(); // tunable", "// tunable: Lonely", "int x = 1; // tunable: 9bad");
        assertThat(source.errors()).extracting(MarkerError::line).containsExactly(2, 3, 4);
        assertThat(source.errors().getFirst().toString()).startsWith("kernel.cpp:2: ").contains("NAME = VALUE;");
        assertThat(source.parameters()).containsOnlyKeys("ok");
    }

    @Test
    void linesWithoutTheMarkerAreIgnored() {
        var source = parse("int a = 1; // tuneable", "int b = 2; // not tunable here", "int c = 3; /* tunable */");
        assertThat(source.markedLines()).isEmpty();
        assertThat(source.errors()).isEmpty();
    }

    @Test
    void windowsLineEndingsSurviveSubstitution() throws Exception {
        var source = TunableSource.parse(FILE, "int BM = 1; // tunable\r\nint z;\r\n");
        assertThat(source.parameters().get("BM").value()).isEqualTo("1");
        assertThat(source.substitute(config("BM", "2")).text()).isEqualTo("int BM = 2; // tunable\r\nint z;\r\n");
    }

    @Test
    void variantsKeepTheLineCountSoDiagnosticsMapOneToOne() throws Exception {
        var source = parse("a", "int BM = 1; // tunable", "b");
        assertThat(source.substitute(config("BM", "77")).text().lines()).hasSize(3);
    }

    @Test
    void aDefineLineIsTunableItsBodyReplacedAndItsMarkerKept() throws Exception {
        var source = parse("#define BLOCK_SIZE 64 // tunable", "  #  define TILE (4 * 2)   // tunable", "#define F(x) x // tunable: F");
        assertThat(source.errors()).isEmpty();
        assertThat(source.parameters().get("BLOCK_SIZE").kind()).isEqualTo(TunableLine.Kind.DEFINE);
        assertThat(source.parameters().get("TILE").value()).isEqualTo("(4 * 2)");
        assertThat(source.parameters().get("F").kind()).isEqualTo(TunableLine.Kind.ALIAS);
        assertThat(source.substitute(config("BLOCK_SIZE", "128", "TILE", "8")).text().lines().limit(2).toList())
                .containsExactly("#define BLOCK_SIZE 128 // tunable", "  #  define TILE 8   // tunable");
    }

    @Test
    void aDefineWithoutAValueOrWithParametersIsRefusedOnItsLine() {
        var source = parse("#define EMPTY // tunable", "#define SQ(x) ((x) * (x)) // tunable", "#define GOOD 1 // tunable");
        assertThat(source.parameters()).containsOnlyKeys("GOOD");
        assertThat(source.errors()).extracting(MarkerError::line).containsExactly(1, 2);
        assertThat(source.errors().getFirst().message()).contains("#define NAME VALUE // tunable");
    }

    @Test
    void aDefinesValueMayNotCarryTheMacroOntoTheNextLine() {
        var source = parse("#define B 1 // tunable");
        assertThatThrownBy(() -> source.substitute(config("B", "2 \\"))).isInstanceOf(InvalidConfigException.class).hasMessageContaining("next line");
        assertThat(TunableSource.problemWithValue(source.parameters().get("B"), "a; b")).isNull();
    }

    @Test
    void injectedDefinesOpenTheVariantAndTheLineDirectiveKeepsTheFilesLineNumbers() throws Exception {
        var source = parse("#define TILE 4 // tunable", "int x = BLOCK_SIZE_X * TILE;").injectingDefines(true);
        Variant variant = source.substitute(config("BLOCK_SIZE_X", "64", "TILE", "8", "UNROLL", "2"));
        assertThat(variant.injected()).containsExactly(Map.entry("BLOCK_SIZE_X", "64"), Map.entry("UNROLL", "2"));
        assertThat(variant.text()).isEqualTo("#define BLOCK_SIZE_X 64\n#define UNROLL 2\n#line 1\n#define TILE 8 // tunable\nint x = BLOCK_SIZE_X * TILE;");
        assertThat(variant.textToKeep()).startsWith("#define BLOCK_SIZE_X 64 // tunable\n#define UNROLL 2 // tunable\n#define TILE 8 // tunable");
        // What was kept is marked: the next run changes those lines in place, injecting nothing.
        var kept = TunableSource.parse(FILE, variant.textToKeep()).injectingDefines(true);
        assertThat(kept.substitute(config("BLOCK_SIZE_X", "32")).injected()).isEmpty();
    }

    @Test
    void withoutInjectionAnUndeclaredParameterStillFailsItsConfigAlone() throws Exception {
        var source = parse("int x = 1;");
        assertThatThrownBy(() -> source.substitute(config("BLOCK", "64"))).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("`BLOCK`").hasMessageContaining("inject = \"defines\"");
        assertThat(source.substitute(config()).text()).isEqualTo("int x = 1;");
    }

    @Test
    void anInjectedParameterMustBeACNameWithAOneLineValue() {
        var source = parse("int x = 1;").injectingDefines(true);
        assertThatThrownBy(() -> source.substitute(config("block-size", "64"))).hasMessageContaining("not a C name");
        assertThatThrownBy(() -> source.substitute(config("B", "1 // x"))).hasMessageContaining("comment");
    }
}
