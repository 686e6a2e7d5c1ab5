package org.tuningworkbench.engine.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** waitpid, as the spawned programs and the process groups both reap with it: a pid reaped, none yet, or the errno. */
@EnabledOnOs(OS.LINUX)
class PosixTest {

    @TempDir
    Path dir;

    @Test
    void waitingForAProcessThatIsNotAChildSaysEchild() {
        assumeTrue(Posix.available());
        assertThat(Posix.waitpid((int) ProcessHandle.current().pid(), MemorySegment.NULL, Posix.WNOHANG)).isEqualTo(-Posix.ECHILD);
    }

    @Test
    void aRunningChildIsNotReapedWithoutWaitingAndAnEndedOneIsWithItsStatus() throws Exception {
        assumeTrue(Spawn.available());
        // Counted as running, as ChildProcess starts its programs: a sweep for orphans (a group of an earlier test
        // still ending) would otherwise take this child, in a session of its own, for one, and kill and reap it.
        Process child = AdoptedOrphans.started(() -> {
            try {
                return Spawn.start(List.of("sh", "-c", "read line; exit 3"), dir, Map.of("PATH", System.getenv("PATH")), dir.resolve("out"), dir.resolve("err"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        int pid = (int) child.pid();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment status = arena.allocate(ValueLayout.JAVA_INT);
            // Its standard input is /dev/null: `read` ends at once, so it exits with 3.
            int got;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            do {
                got = Posix.waitpid(pid, status, Posix.WNOHANG);
                if (got == 0) Thread.sleep(10);
            } while (got == 0 && System.nanoTime() < deadline);
            assertThat(got).isEqualTo(pid);
            assertThat((status.get(ValueLayout.JAVA_INT, 0) >> 8) & 0xff).isEqualTo(3);
        }
        // Reaped here, the process says it ended, its status lost to it.
        assertThat(child.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isEqualTo(255);
        AdoptedOrphans.ended(child.pid());
    }
}
