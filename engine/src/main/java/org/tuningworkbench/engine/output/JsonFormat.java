package org.tuningworkbench.engine.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;

/** Each record (the baseline's too) as one JSON line, as the record file holds it, the moment it is measured; nothing else. */
public final class JsonFormat implements ResultFormat {

    static final String NAME = "json";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void measured(TuningRecord record, int number, boolean resumed, PrintWriter out) {
        out.println(json(record));
    }

    @Override
    public void baseline(TuningRecord baseline, boolean resumed, PrintWriter out) {
        out.println(json(baseline));
    }

    /** Every record is printed as it is measured: nothing is left to say at the end. */
    @Override
    public void results(Results results, PrintWriter out) {}

    /** {@code value} as one line of JSON, written as the record file writes its records. */
    public static String json(Object value) {
        try {
            return RecordFile.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
