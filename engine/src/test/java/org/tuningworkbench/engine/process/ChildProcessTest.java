package org.tuningworkbench.engine.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A child's output is read in bounded amounts. */
@EnabledOnOs(OS.LINUX)
class ChildProcessTest {

    @TempDir
    Path dir;

    @Test
    void aHugeOutputIsReadOnlyAtItsTail() throws Exception {
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", "head -c 100000000 /dev/zero | tr '\\0' x; echo; echo last line"),
                dir, "loud", Duration.ofSeconds(60));
        assertThat(Files.size(exit.stdout())).isGreaterThan(100_000_000L);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        String tail = exit.stdoutText(1000);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(tail).startsWith("…[").contains("earlier bytes not shown]").endsWith("last line\n");
        assertThat(tail.length()).isLessThan(1100);
        assertThat(allocated).isLessThan(1_000_000L);
    }

}
