package org.tuningworkbench.engine.verify;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How a config's outputs compare with the golden ones, over all output buffers.
 *
 * @param firstMismatch flat index of the first element out of tolerance, in the buffer named
 *                      {@code firstMismatchOutput}; -1 when none
 * @param unchecked     outputs that had no golden to compare with (null when every output had one);
 *                      a pass says nothing about them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Verification(
        Status status,
        @JsonProperty("max_abs_err") double maxAbsError,
        @JsonProperty("max_rel_err") double maxRelError,
        long mismatches,
        @JsonProperty("first_mismatch") long firstMismatch,
        @JsonProperty("first_mismatch_output") String firstMismatchOutput,
        String detail,
        @JsonProperty("unchecked_outputs") List<String> unchecked) {

    public Verification {
        unchecked = unchecked == null || unchecked.isEmpty() ? null : List.copyOf(unchecked);
    }

    public Verification(Status status, double maxAbsError, double maxRelError, long mismatches, long firstMismatch,
                        String firstMismatchOutput, String detail) {
        this(status, maxAbsError, maxRelError, mismatches, firstMismatch, firstMismatchOutput, detail, null);
    }

    public enum Status {
        @JsonProperty("pass") PASS,
        @JsonProperty("fail") FAIL,
        @JsonProperty("none") NONE
    }

    /** Nothing was compared: the project has no golden result for any output. */
    public static Verification none() {
        return new Verification(Status.NONE, 0, 0, 0, -1, null, null, null);
    }

    public boolean failed() {
        return status == Status.FAIL;
    }

    /** One line for people: {@code 3 of 131072 elements differ; first c[17]: 5 instead of 4; max abs error 1}. */
    public String summary() {
        return switch (status) {
            case NONE -> "not verified (no golden result)";
            case PASS -> "matches the golden result (max abs error " + fmt(maxAbsError) + ", max rel error " + fmt(maxRelError) + ")"
                    + uncheckedNote();
            case FAIL -> detail + uncheckedNote();
        };
    }

    private String uncheckedNote() {
        return unchecked == null ? "" : "; not checked (no golden): " + String.join(", ", unchecked);
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format("%.3g", v);
    }
}
