package org.tuningworkbench.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.recorded.Fixtures;
import org.tuningworkbench.engine.recorded.RecordedSpaces;

class RecordedProjectTest {

    @Test
    void theSheetsHeaderSaysTheBestMedianAsEveryOtherTimeIsWritten() throws Exception {
        String sheet = RecordedProject.sheet(RecordedSpaces.read(Fixtures.file("kt-small.json")));
        assertThat(sheet).contains("// 6 configs recorded, 3 of them valid; the best median is 1.000 ms.")
                .contains("static const long block_size_x = 16; // tunable");
    }
}
