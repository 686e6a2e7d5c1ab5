package org.tuningworkbench.engine.search;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tuningworkbench.engine.marker.Config;

/** The configs a person listed, in their order, then what the search proposes; every result reaches the search. */
final class PinnedFirst implements SearchStrategy {

    private final List<Config> pinned;
    private final SearchStrategy search;
    private final Set<String> told = new HashSet<>();
    private int next;

    PinnedFirst(List<Config> pinned, SearchStrategy search) {
        this.pinned = List.copyOf(pinned);
        this.search = search;
    }

    @Override
    public String name() {
        return search.name();
    }

    @Override
    public List<Config> ask(int n) {
        var out = new ArrayList<Config>();
        while (out.size() < n && next < pinned.size()) {
            Config c = pinned.get(next++);
            if (told.add(c.key())) out.add(c);
        }
        // What the search proposes that was pinned is dropped (it is measured as pinned), and asked again.
        while (out.size() < n) {
            List<Config> proposed = search.ask(n - out.size());
            if (proposed.isEmpty()) break;
            for (Config c : proposed) if (told.add(c.key())) out.add(c);
        }
        return out;
    }

    @Override
    public boolean advised(Config config) {
        return search.advised(config);
    }

    @Override
    public void tell(Observation observation) {
        told.add(observation.config().key());
        search.tell(observation);
    }
}
