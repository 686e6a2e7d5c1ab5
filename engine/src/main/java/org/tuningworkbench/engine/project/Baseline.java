package org.tuningworkbench.engine.project;

import java.nio.file.Path;

/**
 * A reference implementation measured beside the configs, such as a library call, so every config
 * can be read against it: a function taking the same arguments as the entry.
 *
 * @param label    how tables and charts name it ({@code OpenBLAS sgemm})
 * @param source   the file that defines it
 * @param function its name
 * @param flags    appended to the build command for it alone ({@code -lopenblas})
 */
public record Baseline(String label, Path source, String function, String flags) {}
