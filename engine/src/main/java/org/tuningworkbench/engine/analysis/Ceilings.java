package org.tuningworkbench.engine.analysis;

/**
 * The two roofs of a roofline, as measured on one kind of machine: no kernel runs faster than the
 * compute peak, nor moves data faster than the memory bandwidth.
 *
 * @param machine       the device class they were measured on (model and cores, as records name it)
 * @param peakGflops    FP32 multiply-add peak of one core, GFLOP/s, at the widest vector the CPU has
 * @param peakBits      that vector width in bits
 * @param bandwidthGbps memory bandwidth of one core, GB/s, measured with a stream triad on arrays far larger than the caches
 * @param measuredAt    when (ISO-8601)
 * @param method        how, in a line (the programs and what they did)
 */
public record Ceilings(String machine, double peakGflops, int peakBits, double bandwidthGbps, String measuredAt, String method) {

    /** The arithmetic intensity (FLOP/byte) where the two roofs meet: below it a kernel is bound by memory. */
    public double ridge() {
        return peakGflops / bandwidthGbps;
    }

    /** The most a kernel of {@code intensity} FLOP/byte can reach on this machine, GFLOP/s. */
    public double attainable(double intensity) {
        return Math.min(peakGflops, bandwidthGbps * intensity);
    }
}
