package org.tuningworkbench.app.replay;

/**
 * How fast a replay goes: the recorded gaps between trials shortened by a factor (as it happened,
 * at 1×, 10×...), or a fixed number of trials a second (for replays whose trials were answered at
 * once, and for a class that wants an even pace).
 */
public enum PlaybackSpeed {
    RECORDED_1X("1× (as recorded)", 1, 0),
    RECORDED_10X("10×", 10, 0),
    RECORDED_100X("100×", 100, 0),
    RECORDED_1000X("1000×", 1000, 0),
    ONE_PER_SECOND("1 trial / s", 0, 1),
    FIVE_PER_SECOND("5 trials / s", 0, 5),
    TWENTY_PER_SECOND("20 trials / s", 0, 20);

    private final String label;
    private final double factor;
    private final double trialsPerSecond;

    PlaybackSpeed(String label, double factor, double trialsPerSecond) {
        this.label = label;
        this.factor = factor;
        this.trialsPerSecond = trialsPerSecond;
    }

    /** Seconds into the replay at which the trial of 0-based {@code index}, recorded {@code recordedSeconds} after the first, is shown. */
    public double due(int index, double recordedSeconds) {
        return trialsPerSecond > 0 ? index / trialsPerSecond : recordedSeconds / factor;
    }

    public boolean asRecorded() {
        return trialsPerSecond == 0;
    }

    @Override
    public String toString() {
        return label;
    }
}
