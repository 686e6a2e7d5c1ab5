package org.tuningworkbench.engine.device;

import java.util.Locale;
import org.tuningworkbench.engine.run.Device;

/**
 * One OpenCL device as the driver describes it.
 *
 * @param platformIndex the platform's position in the ICD loader's list (what the launcher is given)
 * @param deviceIndex   the device's position in its platform's list
 * @param type          {@code cpu}, {@code gpu}, {@code accelerator} or {@code other}
 */
public record OpenClDevice(int platformIndex, int deviceIndex, String platform, String platformVersion, String name, String type,
                           String driverVersion, int computeUnits, String openClC, long globalMemoryBytes) {

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
