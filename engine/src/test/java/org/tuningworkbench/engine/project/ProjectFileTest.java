package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.fixtures.TestProject;

class ProjectFileTest {

    @TempDir
    Path dir;

    @BeforeEach
    void kernel() throws Exception {
        Files.writeString(dir.resolve("scale.c"), TestProject.SCALE_KERNEL);
    }

    private Project parse(String text) throws ProjectException {
        return ProjectFile.parse(dir.resolve("project.toml"), text, Map.of());
    }

    private ProjectError onlyError(String text) {
        try {
            parse(text);
        } catch (ProjectException e) {
            assertThat(e.errors()).hasSize(1);
            return e.errors().getFirst();
        }
        throw new AssertionError("expected the project to be rejected");
    }

    @Test
    void injectDefinesIsReadFromTheKernelTableAndAnythingElseIsRefusedThere() throws Exception {
        String text = TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;"));
        assertThat(parse(text).kernel().injectsDefines()).isFalse();
        assertThat(parse(text.replace("entry = \"scale\"", "entry = \"scale\"\ninject = \"defines\"")).kernel().injectsDefines()).isTrue();
        ProjectError error = onlyError(text.replace("entry = \"scale\"", "entry = \"scale\"\ninject = \"macros\""));
        assertThat(error.line()).isEqualTo(lineOf(text, "entry = ") + 1);
        assertThat(error.message()).contains("inject = \"defines\"").contains("\"macros\"");
    }

    @Test
    void aStringHoldingANulCharacterIsRefusedOnItsLine() throws Exception {
        // TOML lets "\u0000" into a string; the build's flags took it to the command line and failed inside (found by
        // RandomProjectsFuzzTest).
        String text = TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;")) + "\n[build]\nflags = \"-O2\\u0000\"\n";
        ProjectError error = onlyError(text);
        assertThat(error.line()).isEqualTo(lineOf(text, "flags = "));
        assertThat(error.message()).isEqualTo("`flags` holds a NUL character (\\u0000), which no file name, command or flag can carry");
    }

    @Test
    void numpysInputFormsCopyNormalAndArangeAreRead() throws Exception {
        String text = TestProject.scaleProject("").replace("init = \"random(-1, 1)\"", "init = \"normal(3, 0.5)\"")
                + "\n[[args]]\nname = \"z\"\nbuffer = \"f32[n]\"\ninit = \"copy(x)\"\n[[args]]\nname = \"r\"\nbuffer = \"f32[n]\"\ninit = \"arange\"\n";
        Project p = parse(text);
        assertThat(((KernelArg.Buffer) p.inputs().args().get(1)).init()).isEqualTo(new BufferInit.Normal(3, 0.5));
        assertThat(((KernelArg.Buffer) p.inputs().args().get(3)).init()).isEqualTo(new BufferInit.Copy("x"));
        assertThat(((KernelArg.Buffer) p.inputs().args().get(4)).init()).isEqualTo(new BufferInit.Range(0, 1));
    }

    @Test
    void aCopyOfNoBufferOrOfAnotherShapeIsRefusedAtItsInit() throws Exception {
        String base = TestProject.scaleProject("") + "\n[[args]]\nname = \"z\"\nbuffer = \"f32[n]\"\ninit = \"copy(%s)\"\n";
        assertThat(onlyError(base.formatted("w")).message()).isEqualTo("buffer `z`: copy(w): `w` is not a buffer of the project");
        assertThat(onlyError(base.formatted("n")).message()).contains("`n` is a scalar");
        assertThat(onlyError(base.formatted("z")).message()).contains("cannot copy itself");
        ProjectError other = onlyError(base.formatted("x").replace("buffer = \"f32[n]\"\ninit = \"copy", "buffer = \"f64[n]\"\ninit = \"copy"));
        assertThat(other.message()).contains("`x` is f32[4096], this buffer f64[4096]");
        assertThat(other.line()).isEqualTo(base.formatted("x").lines().toList().size());
        assertThat(onlyError(base.formatted("x").replace("copy(x)", "normal(0, -1)")).message()).contains("standard deviation");
    }

    @Test
    void readsEveryPartOfAProject() throws Exception {
        Project p = parse(TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;")));
        assertThat(p.name()).isEqualTo("scale");
        assertThat(p.kernel().language()).isEqualTo(Language.C);
        assertThat(p.kernel().entry()).isEqualTo("scale");
        assertThat(p.inputs().args()).hasSize(3);
        assertThat(p.inputs().args().get(0)).isEqualTo(new KernelArg.Value("n", "int", "4096"));
        var x = (KernelArg.Buffer) p.inputs().args().get(1);
        assertThat(x.type()).isEqualTo(ElementType.F32);
        assertThat(x.shape()).containsExactly(4096L);
        assertThat(x.init()).isEqualTo(new BufferInit.Random(-1, 1, false));
        assertThat(p.inputs().outputs()).extracting(KernelArg::name).containsExactly("y");
        assertThat(p.check().golden()).isEqualTo(new Golden.Reference(dir.resolve("scale.c"), "scale_reference"));
        assertThat(p.check().tolerance()).isEqualTo(new Tolerance(1e-6, 1e-6));
        assertThat(p.work().flops().getAsDouble()).isEqualTo(4096);
        assertThat(p.measure().repeat()).isEqualTo(3);
        assertThat(p.build().command()).startsWith("gcc -O3 -march=native");
        assertThat(p.candidates().listed()).hasSize(1);
        assertThat(p.candidates().listed().getFirst().values()).containsEntry("Body", "y[0] = 1;");
    }

    @Test
    void anIntArgumentOutOfItsTypesRangeIsRefusedNotTruncated() throws Exception {
        String text = TestProject.scaleProject("").replace("value = \"n\"", "value = \"%s\"");
        assertThat(onlyError(text.formatted("4294967360")).message()).contains("argument `n`").contains("4294967360 does not fit in int");
        assertThat(onlyError(text.formatted("-2147483649")).message()).contains("does not fit in int");
        assertThat(parse(text.formatted("2147483647")).inputs().args().getFirst()).isEqualTo(new KernelArg.Value("n", "int", "2147483647"));
        assertThat(onlyError(text.formatted("2 ^ 60")).message()).contains("too large to be exact");
    }

    @Test
    void buffersTooLargeForTheMemoryLimitAreRefusedBeforeAnythingIsAllocated() throws Exception {
        String huge = TestProject.scaleProject("").replace("n = 4096", "n = 65536").replace("buffer = \"f32[n]\"\ninit", "buffer = \"f32[n, n, 64]\"\ninit")
                .replace("timeout_s = 3\n", "timeout_s = 3\nmemory_limit_mb = 0\n");
        assertThat(onlyError(huge).message()).contains("the buffers need 1.0 TiB together, more than half of this machine's memory");
        String limited = TestProject.scaleProject("").replace("timeout_s = 3\n", "timeout_s = 3\nmemory_limit_mb = 1024\n").replace("n = 4096", "n = 134217728");
        assertThat(onlyError(limited).message()).contains("the buffers need 1.0 GiB").contains("memory_limit_mb = 1024").contains("raise memory_limit_mb");
        String output = TestProject.scaleProject("").replace("n = 4096", "n = 1073741824").replace("timeout_s = 3\n", "timeout_s = 3\nmemory_limit_mb = 0\n");
        assertThat(onlyError(output).message()).contains("output buffer `y` is 4.0 GiB");
        String overflowing = TestProject.scaleProject("").replace("buffer = \"f32[n]\"\ninit", "buffer = \"f32[n, n, n, n, n, n]\"\ninit");
        assertThat(onlyError(overflowing).message()).contains("buffer `x`").contains("more than 2^63 bytes");
    }

    @Test
    void aFileInputIsCheckedFromItsHeaderAndNeverReadWhenItIsNoFile() throws Exception {
        String text = TestProject.scaleProject("").replace("init = \"random(-1, 1)\"", "init = \"file(%s)\"");
        assertThat(onlyError(text.formatted("/dev/zero")).message()).contains("/dev/zero is not a regular file");
        // A header announcing 2^40 floats over a file of a few bytes: refused from the header, nothing read.
        String header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }";
        var bytes = new java.io.ByteArrayOutputStream();
        bytes.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) (header.length() + 1), 0});
        bytes.write((header + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Files.write(dir.resolve("huge.npy"), bytes.toByteArray());
        assertThat(onlyError(text.formatted("huge.npy")).message()).contains("huge.npy is truncated: shape [1099511627776] needs 4398046511104 bytes");
    }

    @Test
    void aProjectFileThatIsNoFileIsRefused() {
        assertThatThrownBy(() -> ProjectFile.load(Path.of("/dev/zero"))).isInstanceOf(ProjectException.class).hasMessageContaining("not a regular file");
    }

    @Test
    void nanEqualIsOffUnlessTheGoldenSaysSo() throws Exception {
        assertThat(parse(TestProject.scaleProject("")).check().tolerance().nanEqual()).isFalse();
        String text = TestProject.scaleProject("").replace("rtol = 1e-6\n", "rtol = 1e-6\nnan_equal = %s\n");
        assertThat(parse(text.formatted("true")).check().tolerance()).isEqualTo(new Tolerance(1e-6, 1e-6, true));
        assertThat(onlyError(text.formatted("\"yes\"")).message()).contains("nan_equal").contains("true or false");
    }

    @Test
    void theMemoryLimitDefaultsToASaneFigureAndCanBeSetOrLifted() throws Exception {
        assertThat(parse(TestProject.scaleProject("")).measure().memoryLimitMb()).isEqualTo(MeasureSettings.DEFAULT.memoryLimitMb()).isPositive();
        String text = TestProject.scaleProject("").replace("timeout_s = 3\n", "timeout_s = 3\nmemory_limit_mb = %s\n");
        assertThat(parse(text.formatted("512")).measure().memoryLimitBytes()).isEqualTo(512L << 20);
        assertThat(parse(text.formatted("0")).measure().memoryLimitMb()).isZero();
        assertThat(onlyError(text.formatted("-1")).message()).contains("memory_limit_mb");
    }

    @Test
    void sizeOverridesReachShapesValuesAndWork() throws Exception {
        Project p = ProjectFile.parse(dir.resolve("project.toml"), TestProject.scaleProject(""), Map.of("n", 8L));
        assertThat(((KernelArg.Buffer) p.inputs().args().get(1)).shape()).containsExactly(8L);
        assertThat(p.inputs().args().get(0)).isEqualTo(new KernelArg.Value("n", "int", "8"));
        assertThat(p.work().flops().getAsDouble()).isEqualTo(8);
    }

    @Test
    void structValuesGetSizesSubstituted() throws Exception {
        String text = TestProject.scaleProject("").replace("scalar = \"int\"\nvalue = \"n\"", "struct = \"Shape\"\nvalue = \"{n, n * 2, nn}\"");
        Project p = parse(text);
        assertThat(p.inputs().args().getFirst()).isEqualTo(new KernelArg.Value("n", "Shape", "{4096, 4096 * 2, nn}"));
    }

    @Test
    void syntaxErrorsNameLineAndColumn() {
        ProjectError error = onlyError("name = \"x\"\n[kernel\nsource = 1\n");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.column()).isPositive();
        assertThat(error.toString()).startsWith(dir.resolve("project.toml") + ":2:");
    }

    @Test
    void unknownKeysAreReportedWhereTheyAre() {
        String text = TestProject.scaleProject("").replace("repeat = 3", "repeat = 3\nrepeats = 4");
        ProjectError error = onlyError(text);
        assertThat(error.message()).contains("unknown key `repeats`");
        assertThat(error.line()).isEqualTo(lineOf(text, "repeats = 4"));
        assertThat(error.column()).isEqualTo(1);
    }

    @Test
    void badBufferTypeIsReportedOnItsLine() {
        String text = TestProject.scaleProject("").replace("buffer = \"f32[n]\"\ninit", "buffer = \"f12[n]\"\ninit");
        ProjectError error = onlyError(text);
        assertThat(error.message()).contains("unknown element type `f12`");
        assertThat(error.line()).isEqualTo(lineOf(text, "buffer = \"f12[n]\""));
    }

    @Test
    void unknownSizeInAShapeIsExplained() {
        String text = TestProject.scaleProject("").replace("f32[n]\"\ninit", "f32[q]\"\ninit");
        assertThat(onlyError(text).message()).contains("`q`").contains("sizes: n");
    }

    @Test
    void aSizeWhoseValueIsWrongIsTheOnlyErrorNotEachExpressionThatUsesIt() {
        String text = TestProject.scaleProject("").replace("n = 4096", "n = \"4096 *\"");
        ProjectError error = onlyError(text);
        assertThat(error.message()).isEqualTo("size `n` must be a whole number, found \"4096 *\"");
        assertThat(error.line()).isEqualTo(lineOf(text, "n = \"4096 *\""));
    }

    private ProjectError workError(String flops) {
        String text = TestProject.scaleProject("").replace("flops = \"n\"", "flops = \"" + flops.replace("\"", "\\\"") + "\"");
        ProjectError error = onlyError(text);
        assertThat(error.file()).isEqualTo(dir.resolve("project.toml"));
        assertThat(error.line()).isEqualTo(lineOf(text, "flops = "));
        return error;
    }

    @Test
    void aWorkExpressionThatCannotBeEvaluatedIsSaidInTheProjectsWords() {
        assertThat(workError("2 * n * (n + 1").message()).isEqualTo("[work] flops: cannot evaluate `2 * n * (n + 1`: a `(` is never closed");
        assertThat(workError("2 * n)").message()).isEqualTo("[work] flops: cannot evaluate `2 * n)`: a `)` closes no `(`");
        assertThat(workError("2 * n *").message()).isEqualTo("[work] flops: cannot evaluate `2 * n *`: `*` has nothing after it");
        assertThat(workError("2 ** n").message()).isEqualTo("[work] flops: cannot evaluate `2 ** n`: `*` follows another operator");
        assertThat(workError("n 2").message()).isEqualTo("[work] flops: cannot evaluate `n 2`: values with no operator between them");
        assertThat(workError("2.5.1 * n").message()).isEqualTo("[work] flops: cannot evaluate `2.5.1 * n`: `2.5.1` is not a number");
        assertThat(workError("n / 0").message()).isEqualTo("[work] flops: cannot evaluate `n / 0`: division by zero");
        assertThat(workError("n $ 2").message()).isEqualTo("[work] flops: cannot evaluate `n $ 2`: `$` is not an operator (use + - * / % ^ and parentheses)");
        assertThat(workError("twice(n)").message()).isEqualTo("[work] flops: cannot evaluate `twice(n)`: `twice` is not a function");
        assertThat(workError("2 * n * k").message()).isEqualTo("[work] flops: cannot evaluate `2 * n * k`: `k` is not a size (sizes: n)");
        assertThat(workError("n > 1").message()).isEqualTo("[work] flops: `n > 1` is true or false, not a number");
        assertThat(workError(" ").message()).isEqualTo("[work] flops: the expression is empty");
        // The evaluator fails on this without a parse error of its own.
        assertThat(workError("n in [1, 2, 8]").message()).isEqualTo("[work] flops: cannot evaluate `n in [1, 2, 8]`: not an expression");
    }

    @Test
    void anExpressionOverTheSizesElsewhereGivesTheSameReasons() {
        String text = TestProject.scaleProject("").replace("f32[n]\"\ninit", "f32[(n]\"\ninit");
        assertThat(onlyError(text).message()).isEqualTo("buffer `x`: cannot evaluate `(n`: a `(` is never closed");
    }

    @Test
    void aWorkExpressionThatUsesASizeWhoseValueIsWrongIsNotASecondError() {
        String text = TestProject.scaleProject("").replace("n = 4096", "n = 4096\nbad = \"4096 *\"").replace("flops = \"n\"", "flops = \"2 * bad\"");
        assertThat(onlyError(text).message()).isEqualTo("size `bad` must be a whole number, found \"4096 *\"");
    }

    @Test
    void aSizeThatCannotBeSetIsNotListedAmongTheSizes() {
        String text = TestProject.scaleProject("").replace("f32[n]\"\ninit", "f32[q]\"\ninit");
        try {
            ProjectFile.parse(dir.resolve("project.toml"), text, Map.of("q", 3L));
            throw new AssertionError("expected the project to be rejected");
        } catch (ProjectException e) {
            assertThat(e.errors()).extracting(ProjectError::message).containsExactly(
                    "cannot set size `q`: the project's [sizes] has n", "buffer `x`: cannot evaluate `q`: `q` is not a size (sizes: n)");
        }
    }

    @Test
    void badInitIsReported() {
        String text = TestProject.scaleProject("").replace("random(-1, 1)", "random(1)");
        assertThat(onlyError(text).message()).contains("random takes 2 numbers, found 1");
    }

    @Test
    void missingKernelFileIsReportedOnTheSourceKey() {
        String text = TestProject.scaleProject("").replace("scale.c", "missing.c");
        ProjectError error = onlyError(text);
        assertThat(error.message()).startsWith("kernel file not found").contains("missing.c");
        assertThat(error.line()).isEqualTo(lineOf(text, "source = \"missing.c\""));
    }

    @Test
    void aPathNoFileCanHaveIsReportedOnItsKeyNotThrown() {
        String text = TestProject.scaleProject("").replace("source = \"scale.c\"", "source = \"sc\\u0000ale.c\"");
        ProjectError error = onlyError(text);
        assertThat(error.message()).startsWith("`source` holds a NUL character");
        assertThat(error.line()).isEqualTo(lineOf(text, "source = \"sc"));
        String golden = TestProject.scaleProject("").replace("function = \"scale_reference\"", "function = \"scale_reference\"\nsource = \"\\u0000\"");
        assertThat(onlyError(golden).message()).startsWith("`source` holds a NUL character");
    }

    @Test
    void everyProblemIsCollectedInOnePass() {
        String text = TestProject.scaleProject("").replace("repeat = 3", "repeat = 0").replace("f32[n]\"\ninit", "f99[n]\"\ninit");
        assertThatThrownBy(() -> parse(text)).isInstanceOfSatisfying(ProjectException.class,
                e -> assertThat(e.errors()).hasSize(2));
    }

    @Test
    void searchPriorsAreFilesBesideTheProjectAndAMissingOneIsNamed() throws Exception {
        Files.writeString(dir.resolve("other-gpu.jsonl"), "");
        Project p = parse(TestProject.scaleProject("") + "\n[search]\nstrategy = \"model\"\npriors = [\"other-gpu.jsonl\"]\n");
        assertThat(p.search().priors()).containsExactly(dir.resolve("other-gpu.jsonl"));
        assertThat(parse(TestProject.scaleProject("")).search().priors()).isEmpty();

        ProjectError missing = onlyError(TestProject.scaleProject("") + "\n[search]\npriors = [\"other-gpu.jsonl\", \"gone.json.gz\"]\n");
        assertThat(missing.message()).contains("prior `gone.json.gz`: there is no such file");
        assertThat(onlyError(TestProject.scaleProject("") + "\n[search]\npriors = \"other-gpu.jsonl\"\n").message())
                .contains("`priors` must be a list of files");
    }

    @Test
    void buildCommandMustNameSourceAndOutput() {
        String text = TestProject.scaleProject("") + "\n[build]\ncommand = \"gcc -O2 {source}\"\n";
        assertThat(onlyError(text).message()).contains("{output}");
    }

    @Test
    void goldenFilesMustBelongToOutputs() throws Exception {
        Files.writeString(dir.resolve("g.npy"), "");
        String text = TestProject.scaleProject("").replace("function = \"scale_reference\"", "files = { x = \"g.npy\" }");
        assertThat(onlyError(text).message()).contains("`x` is not an output buffer");
    }

    @Test
    void missingProjectFileIsOneClearError() {
        assertThatThrownBy(() -> ProjectFile.load(dir.resolve("nope.toml")))
                .isInstanceOfSatisfying(ProjectException.class, e -> assertThat(e.getMessage()).endsWith("nope.toml: project file not found"));
    }

    private static int lineOf(String text, String needle) {
        var lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(needle)) return i + 1;
        throw new AssertionError(needle);
    }

    @Test
    void aSpaceStaysASpaceWithTypedParametersRangesAndConstraints() throws Exception {
        Project p = parse(TestProject.scaleProject("""
                [space]
                BM = [16, 32, 64]
                BK = { range = [16, 64], step = 16 }
                BN = { pow2 = [8, 64] }
                Body = ["y[0] = 1;", "y[0] = 2;"]
                constraints = ["BM * BK <= 32 * n / 64", "BN % 16 == 0"]

                [search]
                strategy = "random"
                seed = 7
                max_trials = 12
                time_limit_s = 30
                order = "listed"
                """));
        assertThat(p.candidates().listed()).isEmpty();
        var space = p.candidates().space().orElseThrow();
        assertThat(space.parameters()).extracting(org.tuningworkbench.engine.space.Parameter::name).containsExactly("BM", "BK", "BN", "Body");
        assertThat(space.parameter("BM").orElseThrow().kind()).isEqualTo(org.tuningworkbench.engine.space.Parameter.Kind.INTEGER);
        assertThat(space.parameter("BK").orElseThrow().values()).containsExactly("16", "32", "48", "64");
        assertThat(space.parameter("Body").orElseThrow().kind()).isEqualTo(org.tuningworkbench.engine.space.Parameter.Kind.CATEGORICAL);
        assertThat(space.combinations()).isEqualTo(3 * 4 * 4 * 2);
        // n = 4096: BM * BK <= 2048; BN in {16, 32, 64}
        assertThat(space.list()).allSatisfy(c -> assertThat(Long.parseLong(c.values().get("BM")) * Long.parseLong(c.values().get("BK"))).isLessThanOrEqualTo(2048));
        assertThat(space.size()).isEqualTo((4 + 4 + 2) * 3 * 2);
        assertThat(p.search().strategy()).isEqualTo("random");
        assertThat(p.search().seed()).isEqualTo(7);
        assertThat(p.search().budget().maxTrials()).hasValue(12);
        assertThat(p.search().budget().timeLimit()).hasValue(java.time.Duration.ofSeconds(30));
        assertThat(p.search().order()).isEqualTo(org.tuningworkbench.engine.search.Order.LISTED);
        assertThat(parse(TestProject.scaleProject("")).search().order()).isEqualTo(org.tuningworkbench.engine.search.Order.SHUFFLED);
    }

    @Test
    void aSpaceIsSearchedByDefaultWithinABudgetAndTheGridWalksItWhenNamed() throws Exception {
        String space = "[space]\nBody = [\"y[0] = 1;\", \"y[0] = 2;\"]\n";
        var searched = parse(TestProject.scaleProject(space)).search();
        assertThat(searched.strategy()).isEqualTo(SearchSettings.SPACE_STRATEGY).isEqualTo("model");
        assertThat(searched.budget().maxTrials()).hasValue(SearchSettings.SPACE_SEARCH_TRIALS);
        assertThat(searched.budgetGiven()).isFalse();
        // The grid, named in the project or later (the command line's --strategy grid), walks every config.
        var grid = parse(TestProject.scaleProject(space + "[search]\nstrategy = \"grid\"\n")).search();
        assertThat(grid.strategy()).isEqualTo("grid");
        assertThat(grid.budget()).isEqualTo(org.tuningworkbench.engine.search.Budget.UNLIMITED);
        assertThat(searched.withStrategy("grid").forSpace().budget()).isEqualTo(org.tuningworkbench.engine.search.Budget.UNLIMITED);
        assertThat(grid.withStrategy("random").forSpace().budget().maxTrials()).hasValue(SearchSettings.SPACE_SEARCH_TRIALS);
        // A budget given holds, whatever the strategy.
        var given = parse(TestProject.scaleProject(space + "[search]\nmax_trials = 10\n")).search();
        assertThat(given.strategy()).isEqualTo("model");
        assertThat(given.budget().maxTrials()).hasValue(10);
        assertThat(given.withStrategy("grid").forSpace().budget().maxTrials()).hasValue(10);
        // Listed configs without a space: every one of them, as before.
        var listed = parse(TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;"))).search();
        assertThat(listed.strategy()).isEqualTo("grid");
        assertThat(listed.budget()).isEqualTo(org.tuningworkbench.engine.search.Budget.UNLIMITED);
    }

    /** One rule for the command line and the window: a search of a space ends with its top configs measured again, a walk with none. */
    @Test
    void aSearchOfASpaceIsConfirmedAndAWalkOfItOrOfListedConfigsIsNot() throws Exception {
        String space = "[space]\nBody = [\"y[0] = 1;\", \"y[0] = 2;\"]\n";
        Project searched = parse(TestProject.scaleProject(space));
        assertThat(searched.search().confirmTop(searched, SearchSettings.SPACE_CONFIRM_TOP)).isEqualTo(3);
        assertThat(searched.search().confirmTop(searched, 5)).isEqualTo(5);
        Project walked = searched.withSearch(searched.search().withStrategy("grid"));
        assertThat(walked.search().confirmTop(walked, SearchSettings.SPACE_CONFIRM_TOP)).isZero();
        Project listed = parse(TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;")));
        assertThat(listed.search().confirmTop(listed, SearchSettings.SPACE_CONFIRM_TOP)).isZero();
        Project listedSearched = listed.withSearch(listed.search().withStrategy("random"));
        assertThat(listedSearched.search().confirmTop(listedSearched, SearchSettings.SPACE_CONFIRM_TOP)).as("no space to search").isZero();
    }

    @Test
    void anUnknownOrderIsReportedOnItsKeyWithTheChoices() {
        ProjectError e = onlyError(TestProject.scaleProject("""
                [search]
                order = "sideways"
                """));
        assertThat(e.message()).contains("unknown order `sideways`; use shuffled or listed");
        assertThat(e.line()).isGreaterThan(1);
    }

    @Test
    void aConstraintWithAnUnknownNameIsReportedOnItsLine() {
        ProjectError e = onlyError(TestProject.scaleProject("""
                [space]
                BM = [16, 32]
                constraints = ["BM <= 16", "BX > 2"]
                """));
        assertThat(e.message()).contains("`BX`").contains("neither a parameter");
        assertThat(e.line()).isGreaterThan(1);
    }

    @Test
    void anUnknownStrategyIsReportedWithTheChoices() {
        ProjectError e = onlyError(TestProject.scaleProject("""
                [search]
                strategy = "annealing"
                """));
        assertThat(e.message()).contains("unknown strategy `annealing`").contains("grid");
    }

    @Test
    void aBadRangeIsReportedOnItsParameter() {
        ProjectError e = onlyError(TestProject.scaleProject("""
                [space]
                BK = { range = [64, 16] }
                """));
        assertThat(e.message()).contains("[space]").contains("ends before it starts");
    }

    @Test
    void aFolderStandsForItsProjectFile() throws Exception {
        Files.writeString(dir.resolve("project.toml"), TestProject.scaleProject(TestProject.config("Body", "y[0] = 1;")));
        Project p = ProjectFile.load(dir);
        assertThat(p.file()).isEqualTo(dir.resolve("project.toml"));
        assertThat(p.candidates().listed()).hasSize(1);
    }

    @Test
    void theWarmUpIsACountOfCallsOrATimeInMicrosecondsOrMilliseconds() throws Exception {
        String base = TestProject.scaleProject("");
        assertThat(parse(base.replace("warmup_ms = 0", "warmup = 10")).measure()).satisfies(m -> {
            assertThat(m.warmupCalls()).isEqualTo(10);
            assertThat(m.warmupMs()).isZero();
            assertThat(m.warmupText()).isEqualTo("10 calls");
        });
        assertThat(parse(base.replace("warmup_ms = 0", "warmup_us = 500")).measure()).satisfies(m -> {
            assertThat(m.warmupCalls()).isZero();
            assertThat(m.warmupMs()).isEqualTo(0.5);
        });
        assertThat(parse(base.replace("warmup_ms = 0", "warmup_ms = 25")).measure().warmupMs()).isEqualTo(25);
        ProjectError twice = onlyError(base.replace("warmup_ms = 0", "warmup = 10\nwarmup_ms = 5"));
        assertThat(twice.message()).contains("give the warm-up once").contains("warmup and warmup_ms");
        assertThat(onlyError(base.replace("warmup_ms = 0", "warmup = 2.5")).message()).contains("`warmup` must be a whole number");
        assertThat(onlyError(base.replace("warmup_ms = 0", "warmup_us = -1")).message())
                .isEqualTo("the warm-up must be from 0 to 3600000 ms (an hour), 3600000000 µs, not -1.0");
    }

    @Test
    void deviceIdsListCpuNumbers() throws Exception {
        String base = TestProject.scaleProject("");
        assertThat(parse(base.replace("repeat = 3", "repeat = 3\ndevice_ids = [1, 0]")).measure().deviceIds()).containsExactly(1, 0);
        assertThat(parse(base).measure().deviceIds()).isEmpty();
        assertThat(onlyError(base.replace("repeat = 3", "repeat = 3\ndevice_ids = [1, 1]")).message()).contains("lists CPU 1 twice");
        assertThat(onlyError(base.replace("repeat = 3", "repeat = 3\ndevice_ids = 2")).message()).contains("such as device_ids = [2, 3]");
        assertThat(onlyError(base.replace("repeat = 3", "repeat = 3\ndevice_ids = [\"a\"]")).message()).contains("such as device_ids = [2, 3]");
    }

    @Test
    void halfPrecisionBuffersAndAGoldenWithoutToleranceLeaveTheTypesDefaults() throws Exception {
        Project p = parse(TestProject.scaleProject("").replace("f32[n]", "f16[n]").replace("atol = 1e-6\nrtol = 1e-6\n", ""));
        assertThat(((KernelArg.Buffer) p.inputs().args().get(2)).type()).isEqualTo(ElementType.F16);
        assertThat(p.check().tolerance()).isEqualTo(Tolerance.UNSET);
        assertThat(p.check().tolerance().forOutput(ElementType.F16)).isEqualTo(Tolerance.F16);
        assertThat(p.check().tolerance().forOutput(ElementType.BF16)).isEqualTo(Tolerance.BF16);
        assertThat(p.check().tolerance().forOutput(ElementType.F32).exact()).isTrue();
        assertThat(parse(TestProject.scaleProject("").replace("f32[n]", "bf16[n]")).check().tolerance().forOutput(ElementType.BF16))
                .isEqualTo(new Tolerance(1e-6, 1e-6));
    }

    @Test
    void aSizePastTwoToTheFiftyThirdIsRefusedNeverRounded() throws Exception {
        // 2^53 + 1 read as a double is 2^53: the size given to the kernel would not be the one written.
        ProjectError direct = onlyError(TestProject.scaleProject("").replace("n = 4096", "n = 9007199254740993"));
        assertThat(direct.message()).isEqualTo("size `n` = 9007199254740993 is too large to be exact: sizes range from -2^53 to 2^53 (9007199254740992)");
        ProjectError worked = onlyError(TestProject.scaleProject("").replace("n = 4096", "n = 4096\nhalf = 4503599627370497")
                .replace("value = \"n\"", "value = \"2 * half - 1\""));
        assertThat(worked.message()).contains("`2 * half - 1` is 9007199254740993, too large to be exact (over 2^53 = 9007199254740992)");
        assertThat(new Sizes(Map.of("n", (1L << 53) - 1)).evaluateWhole("n + 1")).isEqualTo(1L << 53);
    }

    @Test
    void anInfiniteWarmUpIsRefusedWithItsRange() {
        ProjectError error = onlyError(TestProject.scaleProject("").replace("warmup_ms = 0", "warmup_ms = inf"));
        assertThat(error.message()).isEqualTo("the warm-up must be from 0 to 3600000 ms (an hour), not Infinity");
        assertThat(error.line()).isPositive();
        assertThatThrownBy(() -> MeasureSettings.DEFAULT.withWarmupMs(Double.POSITIVE_INFINITY))
                .hasMessage("the warm-up must be from 0 to 3600000 ms (an hour), not Infinity");
    }
}
