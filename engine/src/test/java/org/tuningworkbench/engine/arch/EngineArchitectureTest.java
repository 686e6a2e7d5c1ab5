package org.tuningworkbench.engine.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine's shape, as rules that fail the build: its packages form no cycle, they sit in the
 * order the tuning loop runs (each layer uses only the layers before it), and nothing in it needs a
 * window toolkit. docs/architecture.md draws the same layers.
 */
class EngineArchitectureTest {

    private static final String ENGINE = "org.tuningworkbench.engine";

    /** The loop's order, first to last: a package may use its own layer and the layers above it in this list. */
    static final Map<String, List<String>> LAYERS = layers();

    private static Map<String, List<String>> layers() {
        var layers = new LinkedHashMap<String, List<String>>();
        layers.put("foundation", List.of("", "format", "stats", "process", "lock", "cache"));
        layers.put("marked source", List.of("marker"));
        layers.put("space and search", List.of("space", "search", "measure"));
        layers.put("project", List.of("project"));
        layers.put("build and verify", List.of("build", "verify"));
        layers.put("run", List.of("run", "device", "backend"));
        layers.put("records", List.of("record", "recorded"));
        layers.put("execute", List.of("exec"));
        layers.put("tuning loop", List.of("tune", "replay"));
        layers.put("analysis", List.of("analysis", "machine", "configs"));
        layers.put("output", List.of("output", "report", "cli"));
        return layers;
    }

    private static JavaClasses engine;

    @BeforeAll
    static void importEngine() {
        engine = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ENGINE);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching(ENGINE + ".(*)..").should().beFreeOfCycles().check(engine);
    }

    @Test
    void packagesSitInTheLoopsOrder() {
        LayeredArchitecture rule = Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers();
        var names = new ArrayList<>(LAYERS.keySet());
        for (String layer : names) rule = rule.layer(layer).definedBy(packagesOf(LAYERS.get(layer)));
        for (int i = 0; i < names.size(); i++) {
            var allowed = names.subList(0, i).toArray(String[]::new);
            rule = allowed.length == 0
                    ? rule.whereLayer(names.get(i)).mayNotAccessAnyLayer()
                    : rule.whereLayer(names.get(i)).mayOnlyAccessLayers(allowed);
        }
        rule.check(engine);
    }

    @Test
    void everyPackageHasALayer() {
        var placed = LAYERS.values().stream().flatMap(List::stream).toList();
        var unplaced = engine.stream().map(c -> c.getPackageName())
                .filter(p -> p.startsWith(ENGINE))
                .map(p -> p.equals(ENGINE) ? "" : p.substring(ENGINE.length() + 1).split("\\.")[0])
                .distinct().filter(p -> !placed.contains(p)).toList();
        assertThat(unplaced).as("engine packages without a layer in LAYERS").isEmpty();
    }

    @Test
    void noWindowToolkit() {
        noClasses().that().resideInAPackage(ENGINE + "..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..", "org.fxmisc..", "org.controlsfx..",
                        "org.jfree..", "atlantafx..", "javax.swing..", "java.awt..")
                .check(engine);
    }

    private static String[] packagesOf(List<String> names) {
        return names.stream().map(n -> n.isEmpty() ? ENGINE : ENGINE + "." + n + "..").toArray(String[]::new);
    }
}
