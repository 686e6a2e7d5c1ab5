package org.tuningworkbench.engine.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundPriorityTest {

    @Test
    void aThreadThatEntersIsScheduledBehindTheOthersAndTheOthersAreNot() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/stat")), "Linux only");
        int before = niceOfThisThread();
        var entered = new AtomicBoolean();
        var nice = new AtomicInteger(Integer.MIN_VALUE);
        var thread = Thread.ofPlatform().start(() -> {
            entered.set(BackgroundPriority.enter());
            nice.set(niceOfThisThread());
        });
        thread.join();
        assertThat(entered).isTrue();
        assertThat(nice.get()).isEqualTo(Math.max(before, BackgroundPriority.NICE));
        // Only the thread that entered: the one that started it keeps its priority.
        assertThat(niceOfThisThread()).isEqualTo(before);
    }

    /** Field 19 of /proc/thread-self/stat, counted after the command name (which may hold spaces). */
    private static int niceOfThisThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[19 - 3]);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
