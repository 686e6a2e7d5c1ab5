package org.tuningworkbench.engine.device;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.engine.run.Device;

/**
 * One OpenCL device as the driver describes it.
 *
 * @param platformIndex the platform's position in the ICD loader's list (what the launcher is given)
 * @param deviceIndex   the device's position in its platform's list
 * @param type          {@code cpu}, {@code gpu}, {@code accelerator} or {@code other}
 * @param limits        the largest work group and local memory the device takes
 */
public record OpenClDevice(int platformIndex, int deviceIndex, String platform, String platformVersion, String name, String type,
                           String driverVersion, int computeUnits, String openClC, long globalMemoryBytes, Limits limits) {

    /** A device whose limits are not known (an older device list). */
    public OpenClDevice(int platformIndex, int deviceIndex, String platform, String platformVersion, String name, String type,
                        String driverVersion, int computeUnits, String openClC, long globalMemoryBytes) {
        this(platformIndex, deviceIndex, platform, platformVersion, name, type, driverVersion, computeUnits, openClC, globalMemoryBytes, Limits.UNKNOWN);
    }

    /**
     * What the device reports it can run: {@code CL_DEVICE_MAX_WORK_GROUP_SIZE}, {@code CL_DEVICE_MAX_WORK_ITEM_SIZES}
     * and {@code CL_DEVICE_LOCAL_MEM_SIZE}; 0 and an empty list where not known.
     */
    public record Limits(long maxWorkGroupSize, List<Long> maxWorkItemSizes, long localMemoryBytes) {
        public static final Limits UNKNOWN = new Limits(0, List.of(), 0);

        public Limits {
            maxWorkItemSizes = List.copyOf(maxWorkItemSizes);
        }

        /** Why the device cannot run {@code launches} (a work group larger than it takes), as Kernel Tuner skips such configs; empty when it can. */
        public Optional<String> refusal(List<KernelLaunch> launches) {
            for (KernelLaunch launch : launches) {
                if (launch.local().isEmpty()) continue;
                long items = launch.local().stream().reduce(1L, Math::multiplyExact);
                String group = launch.local().stream().map(String::valueOf).reduce((a, b) -> a + " × " + b).orElse("");
                if (maxWorkGroupSize > 0 && items > maxWorkGroupSize) {
                    return Optional.of("a work group of " + items + " work items (" + group + ") is more than the device takes, "
                            + maxWorkGroupSize + " (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
                }
                for (int d = 0; d < launch.local().size() && d < maxWorkItemSizes.size(); d++) {
                    if (maxWorkItemSizes.get(d) > 0 && launch.local().get(d) > maxWorkItemSizes.get(d)) {
                        return Optional.of("a work group " + launch.local().get(d) + " wide in " + "xyz".charAt(d) + " (" + group
                                + ") is more than the device takes, " + maxWorkItemSizes.get(d) + " (CL_DEVICE_MAX_WORK_ITEM_SIZES)");
                    }
                }
            }
            return Optional.empty();
        }
    }

    /**
     * The device as records know it: its class (platform, name, driver version, compute units) is
     * part of a record's identity, so a result holds for every identical device; the indices and
     * host only say which one it was.
     */
    public Device asDevice(String host) {
        return new Device("opencl-" + platformIndex + "-" + deviceIndex,
                "OpenCL " + platform + ": " + name + ", driver " + driverVersion + ", " + computeUnits + " compute units",
                "host " + host + ", platform " + platformIndex + " device " + deviceIndex);
    }

    /** One line for lists: {@code 0.0  Portable Computing Language: pthread-haswell (cpu, 2 compute units, driver 3.1)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%d.%d  %s: %s (%s, %d compute units, %s, driver %s, %.1f GiB)", platformIndex, deviceIndex, platform, name,
                type, computeUnits, openClC, driverVersion, globalMemoryBytes / (double) (1L << 30));
    }
}
