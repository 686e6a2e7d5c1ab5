package org.tuningworkbench.engine.process;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The few libc calls Java's process API lacks: signalling a whole process group, reaping children
 * that are not Java's own, adopting orphans, and a thread's scheduling priority. Linux only; {@link #available()} is false elsewhere
 * or when native access is denied, and callers then fall back to what {@link ProcessHandle} can do.
 */
final class Posix {
    static final int SIGKILL = 9;
    static final int SIGTERM = 15;
    static final int WNOHANG = 1;
    static final int EINTR = 4;
    static final int ECHILD = 10;
    private static final int PR_SET_CHILD_SUBREAPER = 36;
    private static final int PRIO_PROCESS = 0;

    private static final MethodHandle KILL;
    private static final MethodHandle WAITPID;
    private static final MethodHandle PRCTL;
    private static final MethodHandle GETTID;
    private static final MethodHandle SETPRIORITY;
    /** Where waitpid's captured errno is in the captured call state. */
    private static final long ERRNO;

    static {
        MethodHandle kill = null;
        MethodHandle waitpid = null;
        MethodHandle prctl = null;
        MethodHandle gettid = null;
        MethodHandle setpriority = null;
        long errno = 0;
        if (System.getProperty("os.name", "").equals("Linux")) {
            try {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                kill = linker.downcallHandle(libc.find("kill").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
                waitpid = linker.downcallHandle(libc.find("waitpid").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT),
                        Linker.Option.captureCallState("errno"));
                errno = Linker.Option.captureStateLayout().byteOffset(MemoryLayout.PathElement.groupElement("errno"));
                prctl = linker.downcallHandle(libc.find("prctl").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG),
                        Linker.Option.firstVariadicArg(1));
                gettid = linker.downcallHandle(libc.find("gettid").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
                setpriority = linker.downcallHandle(libc.find("setpriority").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
            } catch (Throwable e) {
                // Native access denied (--illegal-native-access=deny) or an unusual libc: no groups, then.
                kill = waitpid = prctl = gettid = setpriority = null;
            }
        }
        KILL = kill;
        WAITPID = waitpid;
        PRCTL = prctl;
        GETTID = gettid;
        SETPRIORITY = setpriority;
        ERRNO = errno;
    }

    private Posix() {}

    static boolean available() {
        return KILL != null;
    }

    /** Sends {@code signal} to every process of group {@code pgid}; false when none is left. */
    static boolean signalGroup(long pgid, int signal) {
        return kill(-(int) pgid, signal);
    }

    /** Sends {@code signal} to the process {@code pid}; false when it is not there. */
    static boolean signalProcess(long pid, int signal) {
        return kill((int) pid, signal);
    }

    /** kill(2): a process when {@code pid} is positive, the group {@code -pid} when negative. */
    private static boolean kill(int pid, int signal) {
        try {
            return (int) KILL.invokeExact(pid, signal) == 0;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether any process of group {@code pgid} exists, a zombie not yet reaped included. */
    static boolean groupExists(long pgid) {
        return signalGroup(pgid, 0);
    }

    /** Reaps every member of group {@code pgid} that has ended and is this process's child. */
    static void reapGroup(long pgid) {
        while (waitpid(-(int) pgid, MemorySegment.NULL, WNOHANG) > 0) {
            // one more reaped
        }
    }

    /**
     * waitpid(2): the pid of the child reaped (its status into {@code status} unless that is NULL),
     * 0 when {@link #WNOHANG} is given and none has ended, or minus the errno of a failure.
     */
    static int waitpid(int pid, MemorySegment status, int options) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int got = (int) WAITPID.invokeExact(state, pid, status, options);
            return got >= 0 ? got : -state.get(JAVA_INT, ERRNO);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Makes this process the parent of orphans among its descendants, instead of init: a child's
     * children left running when it exits come to us, so they can be reaped (on a system whose init
     * does not reap, they would otherwise stay zombies).
     */
    static boolean adoptOrphans() {
        try {
            return (int) PRCTL.invokeExact(PR_SET_CHILD_SUBREAPER, 1L) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /**
     * Sets the calling thread's nice value (Linux schedules each thread on its own, so this moves only
     * this thread, and the threads and processes it starts from now on); false when it could not.
     */
    static boolean niceCurrentThread(int nice) {
        if (SETPRIORITY == null) return false;
        try {
            int tid = (int) GETTID.invokeExact();
            return (int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false;
        }
    }
}
