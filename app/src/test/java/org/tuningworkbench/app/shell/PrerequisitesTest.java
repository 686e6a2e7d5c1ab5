package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

@EnabledOnOs(OS.LINUX)
class PrerequisitesTest {

    @Test
    void aMissingGtkIsOneLineSayingWhatToInstall() {
        assertThat(Prerequisites.missingGtk("libgtk-3-not-installed.so.0")).hasValueSatisfying(line -> {
            assertThat(line).contains("sudo apt-get install libgtk-3-0").contains("libgtk-3-not-installed.so.0").doesNotContain("\n");
        });
    }

    @Test
    void anInstalledLibraryPasses() {
        assertThat(Prerequisites.missingGtk("libc.so.6")).isEmpty();
    }
}
