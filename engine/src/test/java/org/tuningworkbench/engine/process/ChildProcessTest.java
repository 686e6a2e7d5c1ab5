package org.tuningworkbench.engine.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A child and everything it forks end with its run, however it ends; its output is read in bounded amounts. */
@EnabledOnOs(OS.LINUX)
class ChildProcessTest {

    @TempDir
    Path dir;

    @Test
    void whatAChildForksIsEndedAndReapedWhenItExits() throws Exception {
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", "sleep 300 & echo $! > forked.pid; exit 0"), dir, "fork", Duration.ofSeconds(30));
        assertThat(exit.ok()).isTrue();
        assertThat(exit.time()).isLessThan(Duration.ofSeconds(10));
        assertGone(pid("forked.pid"));
    }

    @Test
    void aChildIgnoringSigtermIsKilledAtItsTimeout() throws Exception {
        // The grandchild is orphaned and ignores SIGTERM: neither the child's descendants nor SIGTERM reach it.
        String script = "trap '' TERM; (sleep 300 & echo $! > orphan.pid) ; echo $$ > leader.pid; while :; do sleep 0.05; done";
        long start = System.nanoTime();
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", script), dir, "stubborn", Duration.ofSeconds(1));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(exit.timedOut()).isTrue();
        assertThat(exit.signal()).contains(9);
        assertThat(took).isLessThan(Duration.ofSeconds(1).plus(ProcessGroup.GRACE).plusSeconds(3));
        assertGone(pid("leader.pid"));
        assertGone(pid("orphan.pid"));
    }

    @Test
    void cancelEndsTheWholeGroup() throws Exception {
        var child = new ChildProcess();
        cancelOnceWritten(child, "forked.pid", 50);
        var exit = child.run(List.of("/bin/sh", "-c", "sleep 300 & echo $! > forked.pid; wait"), dir, "cancelled", Duration.ofSeconds(60));
        assertThat(exit.cancelled()).isTrue();
        assertGone(pid("forked.pid"));
    }

    @Test
    void aChildThatMakesItsOwnSessionIsStartedAsItIsAndWhatItForksEndsWithIt() throws Exception {
        assertThat(ProcessGroup.isolated(List.of("program"), true)).containsExactly("program");
        // As the harness does when asked: setsid() first thing, then a fork that outlives it.
        String program = "use POSIX qw(setsid); setsid() or die; system('sleep 300 & echo $! > forked.pid'); exit 0";
        var exit = new ChildProcess().run(List.of("perl", "-e", program), dir, "own", Duration.ofSeconds(30), java.util.Map.of(ChildProcess.OWN_SESSION_ENV, "1"));
        assertThat(exit.ok()).as(exit.stderrText(2000)).isTrue();
        assertGone(pid("forked.pid"));
    }

    @Test
    void aChildCancelledBeforeItMadeItsSessionIsEndedAlone() throws Exception {
        var child = new ChildProcess();
        cancelOnceWritten(child, "leader.pid", 0);
        // Its group does not exist yet when the cancel comes: the child itself is signalled.
        String program = "open(my $f, '>', 'leader.pid'); print $f $$; close($f); sleep 300; use POSIX qw(setsid); setsid()";
        long start = System.nanoTime();
        var exit = child.run(List.of("perl", "-e", program), dir, "late", Duration.ofSeconds(60), java.util.Map.of(ChildProcess.OWN_SESSION_ENV, "1"));
        assertThat(exit.cancelled()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertGone(pid("leader.pid"));
    }

    @Test
    void aChildStartsInItsFolderWithTheEnvironmentAskedForNoSignalBlockedAndNoDescriptorOfOursButItsThree() throws Exception {
        assertThat(Spawn.available()).as("posix_spawn with glibc 2.34+ and pidfd_open (Linux 5.3+)").isTrue();
        Files.createDirectories(dir.resolve("work"));
        // The shell reads its own signal mask first, with builtins alone: while it waits for a child it forked, dash blocks
        // every signal for a moment, which a child reading the mask (grep) could catch. ls lists the shell's descriptors
        // (its own directory handle is in its own process) straight to the output, one a line: through a pipe (`ls | sed`)
        // the shell holds the pipe's ends until it has started both, and a slow shell on a loaded host still held one when
        // ls looked; redirected to a file, dash keeps its own output aside on a descriptor of its own meanwhile.
        String script = "while read -r line; do case $line in SigBlk*) mask=$line;; esac; done < /proc/$$/status; "
                + "ls /proc/$$/fd; echo \"added=$TW_ADDED removed=${HOME-unset}\"; pwd; echo \"$mask\"; cat; echo end; exit 3";
        var environment = new java.util.HashMap<String, String>();
        environment.put("TW_ADDED", "yes");
        environment.put("HOME", null); // removed from the child's
        var exit = new ChildProcess().run(List.of("sh", "-c", script), dir.resolve("work"), "env", Duration.ofSeconds(30), environment);
        assertThat(exit.code()).isEqualTo(3);
        assertThat(exit.stdout()).isEqualTo(dir.resolve("work/env.stdout"));
        assertThat(exit.stdoutText(10_000).lines().toList()).containsExactly(
                "0", "1", "2", "added=yes removed=unset", dir.resolve("work").toRealPath().toString(), "SigBlk:\t0000000000000000", "end");
    }

    @Test
    void aProgramThatIsNotThereIsAnErrorThatNamesIt() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ChildProcess().run(List.of("no-such-program-here"), dir, "missing", Duration.ofSeconds(5)))
                .isInstanceOf(java.io.IOException.class).hasMessageContaining("no-such-program-here").hasMessageContaining("No such file or directory");
    }

    @Test
    void aChildKilledByASignalSaysWhichOne() throws Exception {
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", "kill -SEGV $$"), dir, "segv", Duration.ofSeconds(30));
        assertThat(exit.signal()).contains(11);
        assertThat(exit.ok()).isFalse();
    }

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

    /** Cancels {@code child} from another thread {@code settleMs} after its program wrote {@code file}. */
    private void cancelOnceWritten(ChildProcess child, String file, long settleMs) {
        Thread.ofVirtual().start(() -> {
            // Written, not only created: the file exists from the child's open, and a cancel before its pid was in it
            // left it empty (seen on a loaded host).
            Path written = dir.resolve(file);
            try {
                while (!Files.exists(written) || Files.size(written) == 0) Thread.sleep(10);
                Thread.sleep(settleMs);
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            child.cancel();
        });
    }

    private long pid(String file) throws Exception {
        return Long.parseLong(Files.readString(dir.resolve(file)).strip());
    }

    /** Gone from the process table: not running, and not left a zombie either. */
    private static void assertGone(long pid) {
        assertThat(Path.of("/proc/" + pid)).as("process %d is still in the process table", pid).doesNotExist();
    }
}
