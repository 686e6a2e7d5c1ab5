package org.tuningworkbench.engine.record;

import java.util.Map;
import org.tuningworkbench.engine.verify.Verification;

/**
 * Builds a {@link TuningRecord} by naming its parts: what a trial did not produce (a baseline label,
 * a library, steadiness) is simply not set. Start from {@link TuningRecord#builder()} or, for a
 * changed copy, {@link TuningRecord#toBuilder()}.
 */
public final class TuningRecordBuilder {
    private int schema = TuningRecord.SCHEMA;
    private String runId;
    private Integer trial;
    private String strategy;
    private Long seed;
    private String time;
    private String project;
    private Map<String, String> config;
    private String baseline;
    private TuningRecord.Identity identity;
    private TuningRecord.Outcome outcome;
    private TuningRecord.Timing timing;
    private TuningRecord.Statistics statistics;
    private TuningRecord.Steadiness steadiness;
    private TuningRecord.Build build;
    private Verification verification;
    private String log;
    private String name;
    private BlasLibrary library;
    private TuningRecord.Setting setting;
    private ConfirmedFigures confirmation;

    TuningRecordBuilder() {
    }

    TuningRecordBuilder(TuningRecord r) {
        schema = r.schema();
        runId = r.runId();
        trial = r.trial();
        strategy = r.strategy();
        seed = r.seed();
        time = r.time();
        project = r.project();
        config = r.config();
        baseline = r.baseline();
        identity = r.identity();
        outcome = r.outcome();
        timing = r.timing();
        statistics = r.statistics();
        steadiness = r.steadiness();
        build = r.build();
        verification = r.verification();
        log = r.log();
        name = r.name();
        library = r.library();
        setting = r.setting();
        confirmation = r.confirmation();
    }

    public TuningRecordBuilder schema(int value) {
        schema = value;
        return this;
    }

    public TuningRecordBuilder runId(String value) {
        runId = value;
        return this;
    }

    public TuningRecordBuilder trial(Integer value) {
        trial = value;
        return this;
    }

    public TuningRecordBuilder strategy(String value) {
        strategy = value;
        return this;
    }

    public TuningRecordBuilder seed(Long value) {
        seed = value;
        return this;
    }

    public TuningRecordBuilder time(String value) {
        time = value;
        return this;
    }

    public TuningRecordBuilder project(String value) {
        project = value;
        return this;
    }

    public TuningRecordBuilder config(Map<String, String> value) {
        config = value;
        return this;
    }

    public TuningRecordBuilder baseline(String value) {
        baseline = value;
        return this;
    }

    public TuningRecordBuilder identity(TuningRecord.Identity value) {
        identity = value;
        return this;
    }

    public TuningRecordBuilder outcome(TuningRecord.Outcome value) {
        outcome = value;
        return this;
    }

    /** The outcome {@code status} without an error. */
    public TuningRecordBuilder status(Status value) {
        outcome = new TuningRecord.Outcome(value, null, null);
        return this;
    }

    public TuningRecordBuilder timing(TuningRecord.Timing value) {
        timing = value;
        return this;
    }

    public TuningRecordBuilder statistics(TuningRecord.Statistics value) {
        statistics = value;
        return this;
    }

    public TuningRecordBuilder steadiness(TuningRecord.Steadiness value) {
        steadiness = value;
        return this;
    }

    public TuningRecordBuilder builtWith(TuningRecord.Build value) {
        build = value;
        return this;
    }

    public TuningRecordBuilder verification(Verification value) {
        verification = value;
        return this;
    }

    public TuningRecordBuilder log(String value) {
        log = value;
        return this;
    }

    public TuningRecordBuilder name(String value) {
        name = value;
        return this;
    }

    public TuningRecordBuilder library(BlasLibrary value) {
        library = value;
        return this;
    }

    public TuningRecordBuilder setting(TuningRecord.Setting value) {
        setting = value;
        return this;
    }

    public TuningRecordBuilder confirmation(ConfirmedFigures value) {
        confirmation = value;
        return this;
    }

    public TuningRecord build() {
        return new TuningRecord(schema, runId, trial, strategy, seed, time, project, config, baseline, identity, outcome, timing, statistics,
                steadiness, build, verification, log, name, library, setting, confirmation);
    }
}
