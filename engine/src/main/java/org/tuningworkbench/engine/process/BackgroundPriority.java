package org.tuningworkbench.engine.process;

/**
 * Work that must give way to what a person is looking at: a thread that calls {@link #enter()} is
 * scheduled behind the threads of normal priority (its nice value raised to {@value #NICE}), so on a
 * busy machine a window's drawing threads get the cores first and the work takes what is left.
 * Java's own thread priorities do nothing on Linux; this uses the thread's nice value, which an
 * unprivileged process may always raise.
 *
 * <p>Only for computation: a process started from such a thread inherits its priority, so a thread
 * that starts measured programs must never enter it.
 */
public final class BackgroundPriority {
    /** The nice value of background work: under contention it gets about a tenth of what a normal thread gets. */
    public static final int NICE = 10;

    private BackgroundPriority() {}

    /** Lowers the calling thread's priority for the rest of its life; false where the system does not allow it (not Linux). */
    public static boolean enter() {
        return Posix.niceCurrentThread(NICE);
    }
}
