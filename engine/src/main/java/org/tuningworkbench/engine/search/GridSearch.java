package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.tuningworkbench.engine.marker.Config;

/**
 * Every config once, in the order given: the listed configs first, then the space's valid configs
 * (see {@link Strategies#create} for the order). The default strategy.
 */
public final class GridSearch implements SearchStrategy {

    private final Iterator<Config> order;
    private final Proposals proposals = new Proposals();

    public GridSearch(Iterable<Config> order) {
        this.order = order.iterator();
    }

    @Override
    public String name() {
        return "grid";
    }

    @Override
    public List<Config> ask(int n) {
        var out = new ArrayList<Config>();
        while (out.size() < n && order.hasNext()) {
            Config c = order.next();
            if (proposals.propose(c)) out.add(c);
        }
        return out;
    }

    /** Results do not change a grid's order; a config told before is still walked (the loop answers it from the records). */
    @Override
    public void tell(Observation observation) {
    }
}
