package org.tuningworkbench.engine.process;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * Starts a program with the C library's {@code posix_spawnp}, as the leader of a session of its
 * own, its standard input from {@code /dev/null} and its output into files. Java's
 * {@link ProcessBuilder} starts every program through its {@code jspawnhelper}, which reads its
 * instructions from a pipe and execs the program in turn: two programs started for one, and the
 * JVM waits for the second. On a virtual machine where starting a program is dear, that took 3.8 ms
 * a start (median of 300 starts of {@code /bin/true}), where starting and awaiting it with
 * {@code posix_spawn} from C took 2.1 ms in all. Linux only (glibc 2.34 or later, for the working directory
 * and the closing of inherited descriptors among the spawn's actions; a kernel with
 * {@code pidfd_open}); {@link #available()} is false elsewhere, and {@link ChildProcess} then uses
 * {@link ProcessBuilder}.
 */
final class Spawn {

    private static final int O_RDONLY = 0;
    private static final int O_WRONLY = 1;
    private static final int O_CREAT = 0100;
    private static final int O_TRUNC = 01000;
    private static final int POSIX_SPAWN_SETSIGMASK = 0x08;
    private static final int POSIX_SPAWN_SETSID = 0x80;
    private static final int SYS_PIDFD_OPEN = 434;
    private static final short POLLIN = 1;

    /** Room for glibc's posix_spawn_file_actions_t (80 bytes), posix_spawnattr_t (336) and sigset_t (128), with margin. */
    private static final long OPAQUE_BYTES = 1024;

    private static final Handles C = Handles.find().filter(Handles::pidfdWorks).orElse(null);

    private Spawn() {}

    static boolean available() {
        return C != null;
    }

    /** The libc functions, or none when one is missing or native access is denied. */
    private record Handles(MethodHandle spawnp, MethodHandle actionsInit, MethodHandle actionsDestroy, MethodHandle addOpen,
                           MethodHandle addChdir, MethodHandle addClosefrom, MethodHandle attrInit, MethodHandle attrDestroy,
                           MethodHandle attrSetFlags, MethodHandle attrSetSigmask, MethodHandle sigemptyset, MethodHandle syscall,
                           MethodHandle poll, MethodHandle close, MethodHandle strerror) {

        /** Whether the kernel has pidfd_open (Linux 5.3): tried on this process. */
        boolean pidfdWorks() {
            try {
                int fd = (int) (long) syscall.invokeExact((long) SYS_PIDFD_OPEN, (int) ProcessHandle.current().pid(), 0);
                if (fd < 0) return false;
                int ignored = (int) close.invokeExact(fd);
                return true;
            } catch (Throwable e) {
                return false;
            }
        }

        static Optional<Handles> find() {
            if (!System.getProperty("os.name", "").equals("Linux") || !Posix.available()) return Optional.empty();
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                BiFunction<String, FunctionDescriptor, MethodHandle> f =
                        (name, descriptor) -> linker.downcallHandle(libc.find(name).orElseThrow(), descriptor);
                return Optional.of(new Handles(
                        f.apply("posix_spawnp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS)),
                        f.apply("posix_spawn_file_actions_init", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                        f.apply("posix_spawn_file_actions_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                        f.apply("posix_spawn_file_actions_addopen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT)),
                        f.apply("posix_spawn_file_actions_addchdir_np", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                        f.apply("posix_spawn_file_actions_addclosefrom_np", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                        f.apply("posix_spawnattr_init", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                        f.apply("posix_spawnattr_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                        f.apply("posix_spawnattr_setflags", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT)),
                        f.apply("posix_spawnattr_setsigmask", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                        f.apply("sigemptyset", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
                        linker.downcallHandle(libc.find("syscall").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT),
                                Linker.Option.firstVariadicArg(1)),
                        f.apply("poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT)),
                        f.apply("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT)),
                        f.apply("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT))));
            } catch (Throwable e) {
                // An older libc without the _np actions, or native access denied: ProcessBuilder it is.
                return Optional.empty();
            }
        }
    }

    /**
     * Starts {@code command} (its first word found on the PATH as a shell would) in {@code dir}, with
     * exactly {@code environment}, in a new session, its output into {@code stdout} and {@code stderr}
     * (created or emptied), every other descriptor of this process closed in it.
     */
    static Process start(List<String> command, Path dir, Map<String, String> environment, Path stdout, Path stderr) throws IOException {
        if (C == null) throw new IllegalStateException("posix_spawn is not available here");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment actions = arena.allocate(OPAQUE_BYTES, 16);
            MemorySegment attributes = arena.allocate(OPAQUE_BYTES, 16);
            MemorySegment noSignalsBlocked = arena.allocate(OPAQUE_BYTES, 16);
            check((int) C.actionsInit.invokeExact(actions), "posix_spawn_file_actions_init");
            check((int) C.attrInit.invokeExact(attributes), "posix_spawnattr_init");
            try {
                check((int) C.addOpen.invokeExact(actions, 0, arena.allocateFrom("/dev/null"), O_RDONLY, 0), "posix_spawn_file_actions_addopen");
                check((int) C.addOpen.invokeExact(actions, 1, arena.allocateFrom(stdout.toAbsolutePath().toString()),
                        O_WRONLY | O_CREAT | O_TRUNC, 0666), "posix_spawn_file_actions_addopen");
                check((int) C.addOpen.invokeExact(actions, 2, arena.allocateFrom(stderr.toAbsolutePath().toString()),
                        O_WRONLY | O_CREAT | O_TRUNC, 0666), "posix_spawn_file_actions_addopen");
                check((int) C.addChdir.invokeExact(actions, arena.allocateFrom(dir.toAbsolutePath().toString())), "posix_spawn_file_actions_addchdir_np");
                check((int) C.addClosefrom.invokeExact(actions, 3), "posix_spawn_file_actions_addclosefrom_np");
                // A JVM thread may block signals; the program starts with none blocked, as ProcessBuilder's do.
                check((int) C.sigemptyset.invokeExact(noSignalsBlocked), "sigemptyset");
                check((int) C.attrSetSigmask.invokeExact(attributes, noSignalsBlocked), "posix_spawnattr_setsigmask");
                check((int) C.attrSetFlags.invokeExact(attributes, (short) (POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK)), "posix_spawnattr_setflags");

                MemorySegment argv = strings(arena, command);
                MemorySegment envp = strings(arena, environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
                MemorySegment pid = arena.allocate(JAVA_INT);
                int error = (int) C.spawnp.invokeExact(pid, arena.allocateFrom(command.getFirst()), actions, attributes, argv, envp);
                if (error != 0) throw new IOException("Cannot run program \"" + command.getFirst() + "\" (in directory \"" + dir + "\"): error=" + error + ", " + message(error));
                int child = pid.get(JAVA_INT, 0);
                long pidfd = (long) C.syscall.invokeExact((long) SYS_PIDFD_OPEN, child, 0);
                // The child exists until this process reaps it, so pidfd_open cannot miss it; were it to fail, the child is not left behind.
                var spawned = new Spawned(child, (int) pidfd);
                if (pidfd < 0) {
                    spawned.destroyForcibly();
                    spawned.reaped(true);
                    throw new IOException("pidfd_open failed for process " + child + " of \"" + command.getFirst() + "\"");
                }
                return spawned;
            } finally {
                int ignored = (int) C.actionsDestroy.invokeExact(actions);
                ignored = (int) C.attrDestroy.invokeExact(attributes);
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static void check(int result, String call) throws IOException {
        if (result != 0) throw new IOException(call + " failed: error=" + result + ", " + message(result));
    }

    private static String message(int errno) {
        try {
            return ((MemorySegment) C.strerror.invokeExact(errno)).reinterpret(256).getString(0);
        } catch (Throwable e) {
            return "error " + errno;
        }
    }

    /** A NULL-terminated array of C strings. */
    private static MemorySegment strings(Arena arena, List<String> values) {
        MemorySegment array = arena.allocate(ADDRESS, values.size() + 1L);
        for (int i = 0; i < values.size(); i++) array.setAtIndex(ADDRESS, i, arena.allocateFrom(values.get(i)));
        array.setAtIndex(ADDRESS, values.size(), MemorySegment.NULL);
        return array;
    }

    /**
     * A program started by {@link #start}: this process is its parent and reaps it. Its end is
     * awaited on a pidfd (Linux 5.3), so a wait with a time limit wakes when the program ends, not
     * at the next poll. Its streams are files, so the stream accessors give empty ones.
     */
    private static final class Spawned extends Process {
        private static final long NO_STATUS = Long.MIN_VALUE;
        /** Exit code 255: what an ended child whose status could not be had reports. */
        private static final long UNKNOWN_STATUS = 255 << 8;

        private final int pid;
        private final int pidfd;
        private long status = NO_STATUS;

        Spawned(int pid, int pidfd) {
            this.pid = pid;
            this.pidfd = pidfd;
        }

        @Override
        public long pid() {
            return pid;
        }

        @Override
        public int waitFor() throws InterruptedException {
            while (!waitFor(1, TimeUnit.HOURS)) {
                // wait on
            }
            return exitValue();
        }

        @Override
        public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
            if (reaped(false)) return true;
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            while (true) {
                if (Thread.interrupted()) throw new InterruptedException();
                long leftMs = Math.max(0, (deadline - System.nanoTime() + 999_999) / 1_000_000);
                // Waits in slices of a second at most, so an interrupt is seen.
                if (readable(pidfd, (int) Math.min(leftMs, 1000)) && reaped(true)) return true;
                if (reaped(false)) return true;
                if (System.nanoTime() - deadline >= 0) return false;
            }
        }

        @Override
        public synchronized int exitValue() {
            if (!reaped(false)) throw new IllegalThreadStateException("process " + pid + " has not exited");
            return exitCode((int) status);
        }

        @Override
        public synchronized boolean isAlive() {
            return !reaped(false);
        }

        @Override
        public void destroy() {
            signal(Posix.SIGTERM);
        }

        @Override
        public Process destroyForcibly() {
            signal(Posix.SIGKILL);
            return this;
        }

        @Override
        public java.util.stream.Stream<ProcessHandle> descendants() {
            return ProcessHandle.of(pid).map(ProcessHandle::descendants).orElse(java.util.stream.Stream.empty());
        }

        @Override
        public java.io.OutputStream getOutputStream() {
            return java.io.OutputStream.nullOutputStream();
        }

        @Override
        public java.io.InputStream getInputStream() {
            return java.io.InputStream.nullInputStream();
        }

        @Override
        public java.io.InputStream getErrorStream() {
            return java.io.InputStream.nullInputStream();
        }

        private synchronized void signal(int signal) {
            // Once reaped, the pid may belong to another process: it is not signalled then.
            if (!reaped(false)) Posix.signalProcess(pid, signal);
        }

        /** Whether the program has ended and been reaped; reaps it now if it has ended ({@code block}: waits for that). */
        private synchronized boolean reaped(boolean block) {
            if (status != NO_STATUS) return true;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment word = arena.allocate(JAVA_INT);
                int got;
                do {
                    got = Posix.waitpid(pid, word, block ? 0 : Posix.WNOHANG);
                } while (got == -Posix.EINTR);
                if (got == -Posix.ECHILD) {
                    // Reaped elsewhere (nothing here does that to a leader): ended, its status lost.
                    status = UNKNOWN_STATUS;
                } else if (got != pid) {
                    return false;
                } else {
                    status = word.get(JAVA_INT, 0);
                }
                if (pidfd >= 0) {
                    int ignored = (int) C.close.invokeExact(pidfd);
                }
                return true;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        /** As Java reports it: the exit code, or 128 + the signal that killed it. */
        private static int exitCode(int status) {
            int signal = status & 0x7f;
            return signal == 0 ? (status >> 8) & 0xff : 128 + signal;
        }

        /** Whether {@code fd} becomes readable (the pidfd: the program ended) within {@code timeoutMs}. */
        private static boolean readable(int fd, int timeoutMs) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment pollfd = arena.allocate(8, 4);
                pollfd.set(JAVA_INT, 0, fd);
                pollfd.set(JAVA_SHORT, 4, POLLIN);
                return (int) C.poll.invokeExact(pollfd, 1L, timeoutMs) > 0;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
