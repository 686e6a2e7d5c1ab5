package org.tuningworkbench.engine.process;

import java.util.ArrayList;
import java.util.List;

/**
 * Limits a program's address space (RLIMIT_AS) through the shell's {@code ulimit -v}, set just
 * before it {@code exec}s the program: past the limit its allocations fail, instead of the machine
 * running out and the system's OOM killer picking a victim, perhaps the tuner or the window.
 */
public final class MemoryLimit {
    private MemoryLimit() {}

    /** {@code command} run under a limit of {@code bytes}; unchanged when {@code bytes} is 0 (no limit). */
    public static List<String> wrap(long bytes, List<String> command) {
        if (bytes <= 0) return command;
        long kib = Math.max(1, bytes / 1024);
        // A hard limit already lower than ours stays in force: then `ulimit` fails, and exec runs regardless.
        var wrapped = new ArrayList<>(List.of("/bin/sh", "-c", "ulimit -v " + kib + " 2>/dev/null; exec \"$0\" \"$@\""));
        wrapped.addAll(command);
        return wrapped;
    }
}
