package org.tuningworkbench.engine.tune;

import org.tuningworkbench.engine.marker.Config;

/**
 * One config measured once in a run. {@code number} counts the run's trials from 1, in the order
 * they are reported (resumed ones first); it is what the command line prints as {@code No.3}.
 */
public record Trial(int number, Config config) {}
