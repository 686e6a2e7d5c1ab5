package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time used so far by this process and its finished children (user and system, from
 * {@code /proc/self/stat}, in clock ticks of 10 ms): what the engine costs on an idle machine,
 * where wall time on a busy one also counts waiting for a core.
 */
final class CpuTime {
    private CpuTime() {}

    private static final double MS_PER_TICK = 10;

    /** Milliseconds of CPU, or NaN where {@code /proc} is missing. */
    static double ms() {
        return ms("self");
    }

    /** CPU time in milliseconds: this process's own (user and system) and its finished children's. */
    record Split(double ownMs, double childrenMs) {
        double totalMs() {
            return ownMs + childrenMs;
        }
    }

    /** This process's CPU time so far, its own apart from its finished children's; both NaN where {@code /proc} is missing. */
    static Split split() {
        try {
            return split(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | RuntimeException e) {
            return new Split(Double.NaN, Double.NaN);
        }
    }

    /** Milliseconds of CPU used by process {@code pid} and its finished children, or NaN when it is gone. */
    static double ms(long pid) {
        return ms(Long.toString(pid));
    }

    private static double ms(String pid) {
        try {
            return parse(Files.readString(Path.of("/proc", pid, "stat")));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** utime + stime + cutime + cstime (fields 14 to 17), counted after the command name's closing parenthesis. */
    static double parse(String stat) {
        return split(stat).totalMs();
    }

    /** utime + stime (fields 14 and 15) apart from cutime + cstime (16 and 17). */
    static Split split(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state), so field n is f[n - 3].
        return new Split((Long.parseLong(f[11]) + Long.parseLong(f[12])) * MS_PER_TICK, (Long.parseLong(f[13]) + Long.parseLong(f[14])) * MS_PER_TICK);
    }
}
