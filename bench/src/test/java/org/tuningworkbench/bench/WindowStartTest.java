package org.tuningworkbench.bench;

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
    void aWindowNamesItsProjectOnceTheTitleHoldsMoreThanTheApplicationsName() {
        assertThat(WindowStart.namesAProject("xwininfo: Window id: 0x400007 \"Tuning Workbench\"\n  Map State: IsViewable")).isFalse();
        assertThat(WindowStart.namesAProject("xwininfo: Window id: 0x400007 \"basic-matmul — Tuning Workbench\"\n")).isTrue();
        assertThat(WindowStart.namesAProject("xwininfo: Window id: 0x400007 (has no name)")).isFalse();
    }

    @Test
    void anUndrawnWindowDumpHasOneColourAndADrawnOneMany() {
        assertThat(XwdColours.count(xwd(16, 16, (x, y) -> 0xffffff), 1, 64)).isEqualTo(1);
        assertThat(XwdColours.count(xwd(16, 16, (x, y) -> x * 16 + y), 1, 64)).isEqualTo(64);
        assertThat(XwdColours.count(xwd(16, 16, (x, y) -> x % 3), 1, 64)).isEqualTo(3);
        assertThat(XwdColours.count(new byte[10], 1, 64)).isZero();
    }

    /** An xwd dump as {@code xwd} writes it: a big-endian header of 25 words and a window name, two colour entries, 32-bit pixels. */
    private static byte[] xwd(int width, int height, java.util.function.IntBinaryOperator pixel) {
        byte[] name = "w\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int headerSize = 100 + name.length;
        int colours = 2;
        var out = java.nio.ByteBuffer.allocate(headerSize + 12 * colours + 4 * width * height);
        int[] header = {headerSize, 7, 2, 24, width, height, 0, 0, 32, 0, 32, 32, 4 * width, 4, 0xff0000, 0xff00, 0xff, 8, colours, colours,
                width, height, 0, 0, 0};
        for (int word : header) out.putInt(word);
        out.put(name);
        for (int i = 0; i < colours; i++) out.put(new byte[12]);
        out.order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int y = 0; y < height; y++) for (int x = 0; x < width; x++) out.putInt(pixel.applyAsInt(x, y));
        return out.array();
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
