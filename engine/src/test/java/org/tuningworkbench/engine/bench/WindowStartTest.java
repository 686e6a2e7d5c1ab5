package org.tuningworkbench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowStartTest {

    @Test
    void theWorkbenchsWindowsAreFoundByTheirTitleInXwininfosTree() {
        String before = """
                xwininfo: Window id: 0x3c7 (the root window) (has no name)

                  Root window id: 0x3c7 (the root window) (has no name)
                  Parent window id: 0x0 (none)
                     1 child:
                     0x200001 (has no name): ()  10x10+-100+-100  +-100+-100
                """;
        String after = before + "     0x400007 \"basic-matmul — Tuning Workbench\": (\"java\" \"java\")  1400x900+0+0  +0+0\n";
        assertThat(WindowStart.windowIds(before)).isEmpty();
        assertThat(WindowStart.windowIds(after)).containsExactly("0x400007");
        assertThat(WindowStart.windowIds("     0x400009 \"Tuning Workbench notes.txt - gedit\": ()")).isEmpty();
    }

    @Test
    void cpuTimeOfAnotherProcessIsReadFromProcAndNaNOnceItIsGone() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "5").start();
        try {
            assertThat(CpuTime.ms(sleeper.pid())).isGreaterThanOrEqualTo(0);
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
        assertThat(CpuTime.ms(sleeper.pid())).isNaN();
    }
}
