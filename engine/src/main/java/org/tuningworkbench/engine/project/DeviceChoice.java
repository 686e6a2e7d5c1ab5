package org.tuningworkbench.engine.project;

/**
 * The project's {@code [device]}: which platform and which of its devices measure a kernel built
 * for a device (OpenCL). Each is an index as the device list numbers them ({@code 0}) or a part of
 * the name, in any case ({@code "pocl"}, {@code "A100"}); a device may also be chosen by its type
 * ({@code "gpu"}, {@code "cpu"}).
 *
 * @param where the file and line of the choice, for messages; empty for the default
 */
public record DeviceChoice(String platform, String device, String where) {

    /** The first device of the first platform, when the project names none. */
    public static final DeviceChoice FIRST = new DeviceChoice("0", "0", "");

    @Override
    public String toString() {
        return "platform " + platform + ", device " + device;
    }
}
