package org.tuningworkbench.engine.exec;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Several targets of one kind (such as identical hosts over SSH), measuring different configs at
 * once, one at a time on each: a config goes to the next target that is free, which builds and
 * measures it. Records carry the run's device class and the instance that measured them. Targets
 * of different kinds (CPU, compiler) are refused: their figures could not be ranked together.
 */
public final class SeveralTargets implements Executor {

    private final List<Executor> targets;
    private final List<String> names;
    private final BlockingQueue<Executor> free = new LinkedBlockingQueue<>();

    /** @param names each target as the person wrote it, for messages */
    public SeveralTargets(List<Executor> targets, List<String> names) {
        if (targets.size() < 2 || targets.size() != names.size()) throw new IllegalArgumentException("several targets, each named");
        this.targets = List.copyOf(targets);
        this.names = List.copyOf(names);
    }

    @Override
    public TuningRecord.Identity open(Listener listener) throws TuningException {
        TuningRecord.Identity first = null;
        var kinds = new StringBuilder();
        boolean same = true;
        for (int i = 0; i < targets.size(); i++) {
            TuningRecord.Identity identity = targets.get(i).open(listener);
            if (first == null) first = identity;
            same &= identity.sameAs(first);
            kinds.append(String.format("%n  %s: %s, %s", names.get(i), identity.device(), identity.toolchain()));
        }
        if (!same) {
            throw new TuningException(TuningException.Kind.INPUT, "the targets are not all the same kind of machine (CPU and compiler), so their"
                    + " figures cannot be ranked together; tune on each alone:" + kinds);
        }
        free.addAll(targets);
        return first;
    }

    @Override
    public int devices() {
        return targets.size();
    }

    /** Which target measures it is known only when one is free; that one builds it then. */
    @Override
    public void prepare(Config config) {
    }

    @Override
    public Optional<Measurement> measure(Config config) throws TuningException, InterruptedException {
        Executor target = free.take();
        try {
            return target.measure(config);
        } finally {
            free.add(target);
        }
    }

    @Override
    public Optional<TuningRecord.Identity> baselineIdentity(TuningRecord.Identity configs) throws TuningException {
        return targets.getFirst().baselineIdentity(configs);
    }

    /** Measured on the first target, before any config. */
    @Override
    public Optional<Measurement> baseline() throws TuningException, InterruptedException {
        return targets.getFirst().baseline();
    }

    @Override
    public void raceAgainst(Racing.Best best) {
        targets.forEach(t -> t.raceAgainst(best));
    }

    @Override
    public void stop() {
        targets.forEach(Executor::stop);
    }

    @Override
    public void close() {
        targets.forEach(Executor::close);
    }

    @Override
    public String toString() {
        return names.stream().collect(Collectors.joining(", "));
    }
}
