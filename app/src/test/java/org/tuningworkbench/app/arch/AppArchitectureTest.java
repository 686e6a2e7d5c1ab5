package org.tuningworkbench.app.arch;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The window's packages (one per feature) form no cycle. */
class AppArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        var app = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.tuningworkbench.app");
        slices().matching("org.tuningworkbench.app.(*)..").should().beFreeOfCycles().check(app);
    }
}
