package org.tuningworkbench.bridge;

/**
 * A C or C++ launcher cut in two, so that each variant compiles little more than its kernel: the program (the
 * harness, the buffers, the checks and the timing), built once for every variant of a project, and the variant's
 * unit (the kernel, its scalar arguments and its call), built each time into the shared library {@link #LIBRARY}.
 * The program loads the library found beside it (its run path is its own folder), hands it the buffers through
 * {@link #BIND} and times {@link #CALL}. A stub with the same two functions stands for every variant when the
 * program is linked.
 *
 * @param programSource the program's source, saved as the launcher's {@link Launcher#fileName()}
 * @param unitFileName  the variant unit's file name
 * @param unitSource    the variant unit's source: it includes the kernel
 * @param stubFileName  the stub's file name
 * @param stubSource    the stub's source
 */
public record KernelLibrary(String programSource, String unitFileName, String unitSource, String stubFileName, String stubSource) {

    /** The shared library a variant's unit is built into, beside the program that loads it. */
    public static final String LIBRARY = "tw_variant.so";

    /** The library's function that takes the buffers the program allocated, in the order of the kernel's buffer arguments. */
    public static final String BIND = "tw_variant_bind";

    /** The library's function that calls the kernel once with the project's arguments. */
    public static final String CALL = "tw_variant_call";
}
