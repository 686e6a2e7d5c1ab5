package org.tuningworkbench.app.configs;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials a search proposed that wait to join the grid, and when they join. A waiting trial has
 * the number it will have already (the trials join after the grid's rows, in the order they came);
 * thousands of them join in one change of the grid, not one change each.
 */
final class TrialAdmission {

    /** How often trials join the grid at most while a run streams them ({@link #admitAtPace}), unless many wait. */
    static final long ADMIT_EVERY_NANOS = 500_000_000L;
    /** How many waiting trials join at once, without waiting for {@link #ADMIT_EVERY_NANOS}. */
    static final int ADMIT_AT_MOST = 2500;
    /**
     * How many trials join a grid that shows none yet. In that frame the table styles its visible rows
     * for the first time (14-22 ms on a slow machine); the trials that came with them join at the next admission.
     */
    static final int FIRST_JOIN_AT_MOST = 100;

    private final List<ConfigRow> rows;
    private final List<ConfigRow> arriving = new ArrayList<>();
    /** Each waiting trial's place among {@link #arriving}. */
    private final Map<ConfigRow, Integer> arrivingAt = new IdentityHashMap<>();
    private long admittedAtNanos;
    private boolean admittedOnce;
    private boolean admitting;

    /** Admission to {@code rows}, the grid's. */
    TrialAdmission(List<ConfigRow> rows) {
        this.rows = rows;
    }

    /** {@code trial} waits to join, after those waiting already. */
    void await(ConfigRow trial) {
        arrivingAt.put(trial, arriving.size());
        arriving.add(trial);
    }

    /** The place of {@code row} among the waiting trials (0 for the first), or -1 when it is not waiting. */
    int placeOf(ConfigRow row) {
        Integer place = arrivingAt.get(row);
        return place == null ? -1 : place;
    }

    int waiting() {
        return arriving.size();
    }

    /** Whether the rows being added now are admitted trials (which the grid's index holds already). */
    boolean admitting() {
        return admitting;
    }

    /** No trial waits any more (the grid's rows changed otherwise than by joining at the end). */
    void clear() {
        arriving.clear();
        arrivingAt.clear();
    }

    /** Adds the first {@code most} waiting trials to the grid, in the order they came; the others wait on. */
    void admit(int most) {
        if (arriving.isEmpty()) return;
        int joining = Math.min(most, arriving.size());
        var batch = List.copyOf(arriving.subList(0, joining));
        arriving.subList(0, joining).clear();
        arrivingAt.clear();
        for (int i = 0; i < arriving.size(); i++) arrivingAt.put(arriving.get(i), i);
        admitting = true;
        try {
            rows.addAll(batch);
        } finally {
            admitting = false;
        }
    }

    /**
     * Adds the waiting trials to the grid unless some joined less than half a second before {@code nowNanos}
     * and fewer than {@value #ADMIT_AT_MOST} wait. Every change in the number of rows makes the table
     * restyle and lay out every visible row again, which takes a frame of its own (10 ms on a slow
     * machine), and the trials joining cost their number on top (2 µs each): thousands of replayed
     * trials joining a frame at a time would spend every frame on it, and 8,000 joining at once make a
     * frame too long. Waiting trials already have their numbers and join when asked for by number.
     */
    void admitAtPace(long nowNanos) {
        if (arriving.isEmpty()) return;
        if (admittedOnce && nowNanos - admittedAtNanos < ADMIT_EVERY_NANOS && arriving.size() < ADMIT_AT_MOST) return;
        admittedOnce = true;
        admittedAtNanos = nowNanos;
        // Trials join at the end: a grid whose last row is a listed one (or that has none) shows no trial yet.
        boolean noTrialShown = rows.isEmpty() || rows.getLast().listed();
        admit(noTrialShown ? FIRST_JOIN_AT_MOST : Integer.MAX_VALUE);
    }
}
