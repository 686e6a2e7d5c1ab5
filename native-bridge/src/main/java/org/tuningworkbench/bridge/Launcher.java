package org.tuningworkbench.bridge;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The generated host program that calls a kernel with the project's arguments and times it with
 * the harness: {@link CLauncher} for C and C++ (the kernel compiled into it, or into a library it loads), {@link OpenClLauncher}
 * for OpenCL C (the kernel built for a device when the program starts). A launcher for another
 * device API is one more implementation: it writes the same files and speaks the same protocol.
 *
 * <p>The program is run as {@code launcher OUT_DIR WARMUP_MS REPEAT MIN_SAMPLE_MS}; it writes each
 * output buffer to {@code OUT_DIR/<name>.npy} and the timings to {@code OUT_DIR/timing.txt}. With
 * {@code TW_CPU=N} in its environment it pins itself to CPU N before doing anything else.
 */
public interface Launcher {

    /** What the program exits with when the kernel wrote outside a buffer (the harness's guard zones); stderr names the buffer. */
    int EXIT_OUT_OF_BOUNDS = 73;

    /** What the program exits with when the device's compiler refused the kernel; stderr holds its build log. */
    int EXIT_KERNEL_NOT_BUILT = 76;

    /**
     * What the program exits with when the built kernel needs more than the device gives (local memory, or a work group
     * larger than the kernel may have); stderr says which, on a line starting {@link #OVER_DEVICE_LIMITS}.
     */
    int EXIT_OVER_DEVICE_LIMITS = 77;

    /** The start of the line that says which of the device's limits the kernel exceeds. */
    String OVER_DEVICE_LIMITS = "tw-launcher: over the device's limits: ";

    /** The harness header's file name; it must sit beside the launcher source. */
    String HARNESS_FILE = "tw_harness.h";

    /** The launcher calling {@code entry} of {@code kernelFileName}, a C or C++ source (an OpenCL one needs its launches: {@link OpenClLauncher}). */
    static Launcher of(Language language, String kernelFileName, String entry, List<KernelArg> args, long seed) {
        if (language == Language.OPENCL) throw new IllegalArgumentException("an OpenCL kernel is launched with its work sizes: use OpenClLauncher");
        return new CLauncher(language, kernelFileName, entry, args, seed);
    }

    /** The launcher source's file name. */
    String fileName();

    /** The launcher source. */
    String source();

    /**
     * The files the launcher includes, by name, to be written beside it: the harness, and for a
     * kernel built at run time its text. Together with {@link #source()} they decide the program.
     */
    Map<String, String> companions(String kernelText);

    /** Base seed of the random inputs; each buffer derives its own from it. */
    long seed();

    /**
     * The launcher cut into a program built once and a unit built per variant into a shared library
     * ({@link KernelLibrary}); empty when it cannot be cut, and then every variant is built from {@link #source()}.
     */
    default Optional<KernelLibrary> library() {
        return Optional.empty();
    }

    /** The seed of the buffer at this position; distinct buffers get distinct streams. */
    default long seedOf(int position) {
        return seedOf(seed(), position);
    }

    static long seedOf(long seed, int position) {
        return seed * 0x9E3779B97F4A7C15L + (position + 1) * 0xBF58476D1CE4E5B9L;
    }

    /** The environment variable naming the folder where a run's programs share their filled inputs (see {@code tw_shared_input}). */
    String INPUT_DIR_ENV = "TW_INPUT_DIR";

    /** A short name for {@code text}, safe in a file name: the first 20 hex digits of its SHA-256. */
    static String digest(String text) {
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(hash, 0, 10);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The harness header text, to be written beside the launcher. */
    static String harnessSource() {
        return resource(HARNESS_FILE);
    }

    /** A text file of the native bridge's resources, read from the jar once. */
    static String resource(String name) {
        return BridgeResources.text(name);
    }
}
