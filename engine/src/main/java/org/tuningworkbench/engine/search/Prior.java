package org.tuningworkbench.engine.search;

import java.util.List;

/**
 * What another device or problem size measured for the same parameters: a record file of an earlier
 * run, a Kernel Tuner cache or a T4 file read as results. A strategy given priors learns from them
 * where to look first; configs of a prior that are not in the space searched are ignored.
 *
 * @param name         what the prior is called in output: its file's name
 * @param observations one result per config, failed ones included, latencies in µs
 */
public record Prior(String name, List<Observation> observations) {

    public Prior {
        if (name == null) throw new IllegalArgumentException("a prior needs a name");
        observations = List.copyOf(observations);
    }
}
