package org.tuningworkbench.engine.project;

import java.time.Duration;

/**
 * How a variant becomes a program.
 *
 * @param command the build command line; placeholders: {@code {source}} the generated translation
 *                unit (launcher plus variant), {@code {output}} the program to write,
 *                {@code {kernel_dir}} the folder of the user's kernel (for its includes),
 *                {@code {work_dir}} the variant's private folder
 * @param timeout limit on one build
 */
public record BuildSettings(String command, Duration timeout) {}
