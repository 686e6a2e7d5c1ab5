package org.tuningworkbench.engine.exec;

import java.io.IOException;

/**
 * A job's answer never came back whole: the connection to the target dropped, the target could not
 * be reached, or the cluster's job died. The trial it belongs to is recorded as lost; the run goes on.
 */
public class MeasurementLost extends IOException {
    public MeasurementLost(String message) {
        super(message);
    }
}
