package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MeasurementFileTest {

    private static MeasurementFile read(String text) throws Exception {
        return MeasurementFile.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void readsEntriesOfAnyBytesAfterWhatALoginShellPrintedFirst() throws Exception {
        var file = read("Welcome to node7\ntuning-workbench measurement 1\nexit 1\n0\noutput/y.npy 5\n\u0093NU\n\0\nstderr 0\n\nend\n");
        assertThat(file.required("exit")).isEqualTo("0");
        assertThat(file.bytes("output/y.npy").orElseThrow()).containsExactly(0x93, 'N', 'U', '\n', 0);
        assertThat(file.text("stderr")).contains("");
        assertThat(file.text("timing.txt")).isEmpty();
    }

    @Test
    void anAnswerCutShortOrOfAnotherVersionIsRefusedSayingWhy() {
        assertThatThrownBy(() -> read("tuning-workbench measurement 1\nexit 1\n0\nstderr 10\nabc"))
                .isInstanceOf(MeasurementFile.Damaged.class).hasMessageContaining("cut short in its entry `stderr`");
        assertThatThrownBy(() -> read("tuning-workbench measurement 1\nexit 1\n0\n"))
                .hasMessageContaining("cut short after its entry `exit`");
        assertThatThrownBy(() -> read("tuning-workbench measurement 2\nend\n")).hasMessageContaining("version 2").hasMessageContaining("reads version 1");
        assertThatThrownBy(() -> read("sh: 1: base64: not found\n")).hasMessageContaining("no `tuning-workbench measurement` line")
                .hasMessageContaining("base64: not found");
        assertThatThrownBy(() -> read("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> read("tuning-workbench measurement 1\nexit lots\n")).hasMessageContaining("damaged entry line: exit lots");
    }

    @Test
    void aRequiredEntryThatIsMissingIsNamed() throws Exception {
        var file = read("tuning-workbench measurement 1\nend\n");
        assertThatThrownBy(() -> file.required("build_exit")).hasMessageContaining("no `build_exit` entry");
    }

    @Test
    void entrySizesAreCheckedBeforeAnythingIsAllocated() {
        // 2^31 bytes once wrapped to a negative length; 2^31 - 1 was allocated whole before its bytes came.
        assertThatThrownBy(() -> read("tuning-workbench measurement 1\noutput/y.npy 2147483648\nabc"))
                .isInstanceOf(MeasurementFile.Damaged.class).isInstanceOf(MeasurementLost.class)
                .hasMessage("the answer's entry `output/y.npy` of 2147483648 bytes is larger than an entry can be (2147483639 bytes)");
        var small = "tuning-workbench measurement 1\nexit 1\n0\nstderr 6\nhello!\nend\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> MeasurementFile.read(new ByteArrayInputStream(small), 6))
                .hasMessage("the answer's entry `stderr` of 6 bytes is larger than the 6 bytes an answer may hold in all");
    }
}
