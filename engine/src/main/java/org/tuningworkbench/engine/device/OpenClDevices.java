package org.tuningworkbench.engine.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.MissingPackage;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.DeviceChoice;

/**
 * The OpenCL platforms and devices of this machine, as a small native program lists them (built
 * once into the cache, run in its own process so a faulty driver cannot take the engine down), and
 * the one a project's {@code [device]} chooses.
 */
public final class OpenClDevices {

    private static final String PROBE = "tw_opencl_devices.c";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private OpenClDevices() {}

    /** Why there is no device to list or choose, in words saying what to do. */
    public static final class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message);
        }
    }

    /** The devices every installed OpenCL platform offers; the lister is built into {@code cacheDir} on first use. */
    public static List<OpenClDevice> list(Path cacheDir) throws Unavailable, InterruptedException {
        try {
            Path program = lister(cacheDir);
            Path dir = Files.createTempDirectory("tw-opencl-devices");
            try {
                ChildProcess.Exit exit = new ChildProcess().run(List.of(program.toString()), dir, "opencl-devices", TIMEOUT);
                String stderr = exit.stderrText(4_000);
                var missing = MissingPackage.in(stderr);
                if (missing.isPresent()) throw new Unavailable("the OpenCL loader: " + missing.get().advice());
                if (exit.timedOut()) throw new Unavailable("the OpenCL driver did not list its devices within " + TIMEOUT.toSeconds() + " s");
                if (!exit.ok()) throw new Unavailable("listing the OpenCL devices failed (exit code " + exit.code() + ")" + lastLine(stderr));
                return parse(exit.stdoutText(64_000));
            } finally {
                WorkFolders.deleteQuietly(dir);
            }
        } catch (IOException e) {
            throw new Unavailable("cannot list the OpenCL devices: " + e.getMessage());
        }
    }

    /** The device {@code choice} names among {@code devices}; when none or several match, says which there are. */
    public static OpenClDevice choose(List<OpenClDevice> devices, DeviceChoice choice) throws Unavailable {
        List<OpenClDevice> platform = devices.stream().filter(d -> matches(choice.platform(), d.platformIndex(), d.platform(), null)).toList();
        List<OpenClDevice> matching = platform.stream().filter(d -> matches(choice.device(), d.deviceIndex(), d.name(), d.type())).toList();
        if (matching.size() == 1) return matching.getFirst();
        String where = choice.where().isEmpty() ? "" : " (" + choice.where() + ")";
        String found = "; this machine has:\n" + String.join("\n", devices.stream().map(d -> "  " + d.describe()).toList());
        if (platform.isEmpty()) throw new Unavailable("no OpenCL platform matches [device] platform = \"" + choice.platform() + "\"" + where + found);
        if (matching.isEmpty()) throw new Unavailable("no OpenCL device of that platform matches [device] device = \"" + choice.device() + "\"" + where + found);
        throw new Unavailable(matching.size() + " OpenCL devices match [device] " + choice + where + ": name one by its index or more of its name" + found);
    }

    private static boolean matches(String selector, int index, String name, String type) {
        String wanted = selector.strip().toLowerCase(Locale.ROOT);
        if (wanted.matches("\\d+")) return Integer.parseInt(wanted) == index;
        return name.toLowerCase(Locale.ROOT).contains(wanted) || wanted.equals(type);
    }

    static List<OpenClDevice> parse(String output) throws Unavailable {
        var devices = new ArrayList<OpenClDevice>();
        for (String line : output.lines().toList()) {
            String[] f = line.split("\t", -1);
            if (f[0].equals("none") && f.length > 1) {
                throw new Unavailable(f[1] + "; install an OpenCL driver (on Debian or Ubuntu, pocl-opencl-icd runs OpenCL on the CPU)");
            }
            if (!f[0].equals("device") || f.length != 11 && f.length != 14) continue;
            try {
                var limits = f.length == 11 ? OpenClDevice.Limits.UNKNOWN : new OpenClDevice.Limits(Long.parseLong(f[11]),
                        Arrays.stream(f[12].split(",")).filter(x -> !x.isBlank()).map(x -> Long.parseLong(x.strip())).toList(), Long.parseLong(f[13]));
                devices.add(new OpenClDevice(Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3], f[4], f[5], f[6], f[7], Integer.parseInt(f[8]),
                        f[9], Long.parseLong(f[10]), limits));
            } catch (NumberFormatException e) {
                throw new Unavailable("cannot read the OpenCL device list: " + line);
            }
        }
        if (devices.isEmpty()) throw new Unavailable("the OpenCL device list is empty");
        return devices;
    }

    /** The lister program, built from the native bridge's source on first use and kept in the cache. */
    private static Path lister(Path cacheDir) throws Unavailable, IOException, InterruptedException {
        String source = Launcher.resource(PROBE);
        Path done = cacheDir.resolve("opencl").resolve("devices-" + Fingerprint.of(source).substring(0, 16));
        Path program = done.resolve("devices");
        if (Files.isExecutable(program)) return program;
        try {
            Toolchain.of("gcc");
        } catch (ToolchainException e) {
            throw new Unavailable("cannot build the OpenCL device list: " + e.getMessage());
        }
        Files.createDirectories(done.getParent());
        Path dir = Files.createTempDirectory(done.getParent(), WorkFolders.ownedName("devices.tmp-"));
        try {
            Files.writeString(dir.resolve(PROBE), source);
            ChildProcess.Exit exit = new ChildProcess().run(List.of("gcc", "-O1", "-std=gnu11", PROBE, "-o", "devices", "-lOpenCL"), dir,
                    "opencl-devices-build", TIMEOUT);
            String log = exit.stderrText(8_000) + exit.stdoutText(4_000);
            var missing = MissingPackage.in(log);
            if (missing.isPresent()) throw new Unavailable(missing.get().advice());
            if (!exit.ok()) throw new Unavailable("cannot build the OpenCL device list (exit code " + exit.code() + ")" + lastLine(log));
            try {
                Files.move(dir, done, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                // Another run built it meanwhile: theirs is the same program.
            }
            return program;
        } finally {
            WorkFolders.deleteQuietly(dir);
        }
    }

    private static String lastLine(String text) {
        String last = text.strip().lines().reduce((a, b) -> b).orElse("");
        return last.isEmpty() ? "" : ": " + last;
    }
}
