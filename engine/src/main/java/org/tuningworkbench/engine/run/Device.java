package org.tuningworkbench.engine.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A device configs are measured on; its identity goes into every record. Only the local CPU exists
 * today; a device is measured by one program at a time.
 *
 * @param name     short name, as chosen in projects and on the command line ({@code cpu})
 * @param identity what kind of device it is (model and cores): part of a record's identity, so
 *                 identical machines share records
 * @param instance which one it is (the host): recorded, not part of the identity
 */
public record Device(String name, String identity, String instance) {

    public static Device localCpu() {
        String model = "unknown CPU";
        try {
            model = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse(model);
        } catch (IOException e) {
            // Not Linux, or /proc is hidden: the host name and core count still tell machines apart.
        }
        String host = hostName();
        return new Device("cpu", model + ", " + Runtime.getRuntime().availableProcessors() + " cores", "host " + host);
    }

    /** The kernel's host name; asking the resolver instead can stall for seconds on a machine without DNS. */
    public static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? "localhost" : env;
        }
    }
}
