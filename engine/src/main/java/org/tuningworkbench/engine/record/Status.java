package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How one config ended. */
public enum Status {
    @JsonProperty("ok") OK("ok"),
    @JsonProperty("compile_error") COMPILE_ERROR("compile error"),
    @JsonProperty("crash") CRASH("crash"),
    @JsonProperty("timeout") TIMEOUT("timeout"),
    @JsonProperty("out_of_memory") OUT_OF_MEMORY("out of memory"),
    /** It wrote outside its buffers (before one's start or past its end), found by the launcher's guard zones. */
    @JsonProperty("out_of_bounds") OUT_OF_BOUNDS("out of bounds"),
    @JsonProperty("wrong_result") WRONG_RESULT("wrong result"),
    @JsonProperty("invalid_config") INVALID_CONFIG("invalid config"),
    /** Its answer never came back from a remote target (the connection dropped, the cluster's job died): measured again on resume. */
    @JsonProperty("lost") LOST("lost"),
    /**
     * The machine failed it, not the config: a full disk, a file size limit or an I/O error while it was built or its
     * files written. Measured again on resume.
     */
    @JsonProperty("environment_error") ENVIRONMENT_ERROR("environment error");

    private final String label;

    Status(String label) {
        this.label = label;
    }

    /** Whether the record says nothing of the config (it was lost, or the machine failed it): resume measures it again. */
    public boolean measuredAgainOnResume() {
        return this == LOST || this == ENVIRONMENT_ERROR;
    }

    /** In people's words, as the command line and the window print it. */
    public String label() {
        return label;
    }
}
