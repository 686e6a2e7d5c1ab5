package org.tuningworkbench.engine.process;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The processes a child's descendants left behind in sessions of their own. A program that forks,
 * lets its child call {@code setsid()} (and perhaps clear its environment) and exits leaves that
 * child outside its process group, where ending the group misses it, and without the tuner's mark
 * ({@link ProcessMarker}). The engine is a child subreaper, so such an orphan becomes a child of this
 * JVM: once a group has ended, every child of the JVM in a session of its own that is not the
 * leader of a group still running is such a leftover, and is killed with its group and reaped.
 * Children the JVM starts otherwise (in its own session) are never touched.
 */
final class AdoptedOrphans {

    /** The leaders of the groups running now, as {@link ChildProcess} started them. */
    private static final Set<Long> RUNNING = ConcurrentHashMap.newKeySet();

    /** Starts take the read side; a sweep, the write side, so it never mistakes a leader just started for a leftover. */
    private static final ReadWriteLock STARTS = new ReentrantReadWriteLock();

    /** At most this many rounds a sweep: killing an orphan hands its own setsid children to the next round. */
    private static final int ROUNDS = 8;

    private AdoptedOrphans() {}

    /** Starts a group's leader and counts it as running until {@link #ended}. */
    static Process started(Supplier<Process> start) {
        STARTS.readLock().lock();
        try {
            Process process = start.get();
            RUNNING.add(process.pid());
            return process;
        } finally {
            STARTS.readLock().unlock();
        }
    }

    /** The group of {@code leader} has ended: kills and reaps what its descendants left in sessions of their own; returns how many. */
    static int ended(long leader) {
        RUNNING.remove(leader);
        if (!Posix.available()) return 0;
        long ours = session(ProcessHandle.current().pid());
        if (ours < 0) return 0;
        int killed = 0;
        STARTS.writeLock().lock();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                List<ProcessHandle> left = ProcessHandle.current().children()
                        .filter(child -> !RUNNING.contains(child.pid()))
                        .filter(child -> {
                            long session = session(child.pid());
                            return session >= 0 && session != ours;
                        }).toList();
                if (left.isEmpty()) break;
                for (ProcessHandle orphan : left) {
                    // Its own group too (it is that group's leader after setsid): what it forked since goes with it.
                    Posix.signalGroup(orphan.pid(), Posix.SIGKILL);
                    Posix.signalProcess(orphan.pid(), Posix.SIGKILL);
                    reap(orphan.pid());
                    Posix.reapGroup(orphan.pid());
                    killed++;
                }
            }
        } finally {
            STARTS.writeLock().unlock();
        }
        return killed;
    }

    /** Waits (a few seconds at most: one stuck in the kernel is left) until the killed {@code pid} is gone, and reaps it. */
    private static void reap(long pid) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Posix.waitpid((int) pid, MemorySegment.NULL, Posix.WNOHANG) == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** The session id of process {@code pid} (the fourth field after the name in /proc/PID/stat), or -1. */
    static long session(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
