package org.tuningworkbench.engine.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A child started as the leader of its own session ({@link Spawn}, or util-linux {@code setsid}
 * where that is not available), so that it and everything it forks form one process group:
 * signalled together, and reaped together once it is ended, so a kernel's children never outlive
 * its run. Where that is not possible (not Linux, no {@code setsid}), only the child and its
 * descendants of the moment are killed.
 */
final class ProcessGroup {

    /** How long a group may take to end after SIGTERM before it gets SIGKILL. */
    static final Duration GRACE = Duration.ofMillis(500);

    /** How long killed processes may take to disappear; a member stuck in the kernel is left after it. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);

    private static final Optional<String> SETSID = onPath("setsid");

    /** Orphans of a group come to this process (not init), so that {@link #end} can reap them. */
    private static final boolean GROUPS = (Spawn.available() || SETSID.isPresent()) && Posix.available() && Posix.adoptOrphans();

    private final Process leader;

    ProcessGroup(Process leader) {
        this.leader = leader;
    }

    /**
     * {@code command} started in a session of its own. A child of the JVM is no group leader, so
     * {@code setsid} execs in place: the child's pid is its group's id. A program that makes itself
     * the leader of a new session ({@code ownSession}: the harness, asked through
     * {@link ChildProcess#OWN_SESSION_ENV}) starts as it is.
     */
    static List<String> isolated(List<String> command, boolean ownSession) {
        if (!GROUPS || ownSession || SETSID.isEmpty()) return command;
        var isolated = new ArrayList<String>();
        isolated.add(SETSID.get());
        isolated.addAll(command);
        return isolated;
    }

    /**
     * Ends what is left of the group: SIGTERM, SIGKILL to whatever still runs {@code grace} later,
     * then waits until every member is gone and reaped. Cheap when the group has already ended.
     */
    void end(Duration grace) throws InterruptedException {
        endGroup(grace);
        // Past the group: what its members left in sessions of their own came to this (subreaper) process.
        if (GROUPS) AdoptedOrphans.ended(leader.pid());
    }

    private void endGroup(Duration grace) throws InterruptedException {
        if (!GROUPS) {
            leader.descendants().forEach(ProcessHandle::destroyForcibly);
            leader.destroyForcibly();
            leader.waitFor();
            return;
        }
        if (gone()) return;
        long pgid = leader.pid();
        // Before the child made its group (setsid had not run yet), the group is not there: the child alone is signalled.
        if (!Posix.signalGroup(pgid, Posix.SIGTERM)) leader.destroy();
        if (waitUntilGone(grace)) return;
        if (!Posix.signalGroup(pgid, Posix.SIGKILL)) leader.destroyForcibly();
        leader.waitFor();
        waitUntilGone(KILL_WAIT);
    }

    /** As {@link #end}, on a thread of its own: for a cancel from another thread, or after an interrupt. */
    void endLater() {
        Thread.ofVirtual().name("end process group " + leader.pid()).start(() -> {
            try {
                end(GRACE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private boolean waitUntilGone(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!gone()) {
            if (System.nanoTime() - deadline > 0) return false;
            Thread.sleep(5);
        }
        return true;
    }

    /**
     * Whether no member is left. Members are reaped only once Java has reaped the leader: reaping
     * the group before could take the leader's exit status from {@link Process}.
     */
    private boolean gone() {
        if (leader.isAlive()) return false;
        long pgid = leader.pid();
        Posix.reapGroup(pgid);
        return !Posix.groupExists(pgid);
    }

    private static Optional<String> onPath(String program) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String dir : (path + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/bin").split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) return Optional.of(candidate.toString());
        }
        return Optional.empty();
    }
}
